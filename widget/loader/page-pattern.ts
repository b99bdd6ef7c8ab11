/**
 * True when the path matches the site owner's page rule; `*` matches any run of
 * characters. Linear in the path: the literal parts between the stars are found left to
 * right, each at its first place, which is where a match can always put it. (A regular
 * expression backtracked instead: 3,000 slashes against `/shop/*\/*\/*\/checkout` held the
 * page's main thread for seconds.)
 */
export function matchesPage(pattern: string, path: string): boolean {
  const parts = pattern.split('*')
  const head = parts.shift() ?? ''
  const tail = parts.pop()
  if (tail === undefined) return pattern === path
  let at = head.length
  const end = path.length - tail.length
  if (at > end || !path.startsWith(head) || !path.endsWith(tail)) return false
  for (const part of parts) {
    const found = path.indexOf(part, at)
    if (found < 0 || found + part.length > end) return false
    at = found + part.length
  }
  return true
}

/** True when there is no rule, or any rule matches. */
export function matchesAnyPage(patterns: readonly string[] | undefined, path: string): boolean {
  return !patterns || patterns.some((pattern) => matchesPage(pattern, path))
}
