// The site owner's own masking patterns run in the visitor's browser, in the JavaScript
// engine, which backtracks: a repeat of something that itself repeats or branches
// (`(a+)+`, `(a|ab)*`) can take exponential time on a crafted text. Such patterns are
// refused here; the server also requires that its linear-time engine can run them, as it
// does for the bot's patterns.

/** The longest own pattern, in characters. */
export const MAX_MASK_PATTERN_LENGTH = 200
/** At most this many own patterns. */
export const MAX_MASK_PATTERNS = 20

const isRepeat = (pattern: string, at: number) => {
  const next = pattern[at]
  return (
    next === '*' ||
    next === '+' ||
    (next === '{' && /^\{\d*,?\d*\}/.test(pattern.slice(at, at + 12)))
  )
}

/** Whether a repeated group holds a repeat or a choice. One pass over the pattern. */
function hasNestedRepeat(pattern: string): boolean {
  // For each open group: whether it holds a repeat, an optional part or a `|`.
  const open: boolean[] = []
  const mark = () => {
    if (open.length > 0) open[open.length - 1] = true
  }
  // An exact count (`\d{3}`) matches one way only: it makes nothing ambiguous.
  const repeatsOrOptional = (at: number) =>
    (isRepeat(pattern, at) && !/^\{\d+\}/.test(pattern.slice(at, at + 8))) || pattern[at] === '?'
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '\\') {
      i++
      if (repeatsOrOptional(i + 1)) mark()
    } else if (inClass) {
      if (char !== ']') continue
      inClass = false
      if (repeatsOrOptional(i + 1)) mark()
    } else if (char === '[') inClass = true
    else if (char === '(') {
      open.push(false)
      // `(?:`, `(?=`, `(?<name>`: the `?` opens a kind of group, it repeats nothing.
      if (pattern[i + 1] === '?') i++
    } else if (char === '|') mark()
    else if (char === ')') {
      const inner = open.pop() ?? false
      if (inner && isRepeat(pattern, i + 1)) return true
      // A group that repeats, or holds a repeat, makes the group around it hold one.
      if (inner || repeatsOrOptional(i + 1)) mark()
    } else if (repeatsOrOptional(i)) mark()
  }
  return false
}

/**
 * Why `pattern` cannot be an own masking pattern, or undefined when it can: it must be
 * a JavaScript regular expression of at most MAX_MASK_PATTERN_LENGTH characters with no
 * repeated group that repeats or branches inside.
 *
 * @example maskPatternProblem('(\\d+)+') // 'repeats a group that repeats inside: …'
 */
export function maskPatternProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'must not be empty'
  if (pattern.length > MAX_MASK_PATTERN_LENGTH)
    return `must be at most ${MAX_MASK_PATTERN_LENGTH} characters`
  try {
    new RegExp(pattern, 'giu')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return `is not a valid regular expression: ${reason}`
  }
  if (hasNestedRepeat(pattern))
    return 'repeats a group that repeats or branches inside ((a+)+, (a|b)*): the browser could take minutes on some texts; write the repeat once ((a|b)* as [ab]*)'
  return undefined
}

/**
 * The own patterns the widget and the server run: matched case-insensitively, by code
 * point; a pattern with a problem (an older saved version) is skipped.
 *
 * @example maskSecrets(text, compileMaskPatterns(settings.privacy.maskPatterns))
 */
export function compileMaskPatterns(patterns: readonly string[]): RegExp[] {
  return patterns
    .filter((pattern) => maskPatternProblem(pattern) === undefined)
    .map((pattern) => new RegExp(pattern, 'giu'))
}
