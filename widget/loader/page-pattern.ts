/** True when the path matches the site owner's page rule; `*` matches any run of characters. */
export function matchesPage(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}$`).test(path)
}

/** True when there is no rule, or any rule matches. */
export function matchesAnyPage(patterns: readonly string[] | undefined, path: string): boolean {
  return !patterns || patterns.some((pattern) => matchesPage(pattern, path))
}
