import { RE2JS } from 're2js'
import { BotSettingsError } from './errors'

/**
 * The largest pattern the bot runs, in RE2 program size (roughly one unit per literal
 * character, class or repeat of the compiled pattern). The linear-time engine's work per
 * character of a message grows with it, so it bounds what one pattern can cost: the
 * worst of size 200 took 40-110 ms over 1000 characters on a loaded machine (size 496
 * over 2000 characters: 0.3-0.8 s).
 */
export const MAX_PATTERN_SIZE = 200

/** A pattern sees at most this many characters of a message (the spec's text limit). */
export const PATTERN_TEXT_CHARS = 1000

// JavaScript's `i` and `u`: RE2 always matches by code point and folds case the same way.
const FLAGS = RE2JS.CASE_INSENSITIVE | RE2JS.LOOKBEHINDS

const HINT =
  'the bot matches with a linear-time engine (RE2), which has no lookahead ((?= (?!), no backreferences (\\1, \\k<name>) and repeats of at most 1000; rewrite the pattern or use keywords'

/** A rule pattern the linear-time engine cannot run; `message` says why and what to do. */
export class RulePatternError extends Error {
  override name = 'RulePatternError' as const
}

// `\k<name>` is a backreference in JavaScript; translateRegExp would read it as a plain
// "k", silently changing what the pattern means, so it is refused here.
function hasNamedBackreference(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue
    if (pattern[i + 1] === 'k') return true
    i++
  }
  return false
}

/**
 * Compiles a bot rule's pattern (JavaScript syntax, matched case-insensitively) for
 * RE2JS, whose matching time grows linearly with the text, never exponentially. Throws
 * RulePatternError for what that engine cannot run or for a pattern over
 * MAX_PATTERN_SIZE.
 *
 * @example compileRulePattern('\\b(price|cost)s?\\b').test('What does it cost?') // true
 */
export function compileRulePattern(pattern: string): RE2JS {
  if (hasNamedBackreference(pattern))
    throw new RulePatternError(`cannot use the backreference \\k<…>: ${HINT}`)
  let compiled: RE2JS
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), FLAGS)
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error)
    throw new RulePatternError(`cannot run in the linear-time matcher (${reason}): ${HINT}`)
  }
  const size = compiled.programSize()
  if (size > MAX_PATTERN_SIZE)
    throw new RulePatternError(
      `is too complex for the bot (size ${size}, at most ${MAX_PATTERN_SIZE}): shorten its repeats ({n,m}) or split it into several patterns`,
    )
  return compiled
}

/** Why the bot cannot run `pattern`, or undefined when it can. */
export function rulePatternProblem(pattern: string): string | undefined {
  try {
    compileRulePattern(pattern)
    return undefined
  } catch (error) {
    if (error instanceof RulePatternError) return error.message
    throw error
  }
}

/** A pattern of the bot's rules that the linear-time engine cannot run. */
export type PatternProblem = {
  /** Where it is in the settings: `['bot', 'rules', 2, 'patterns', 0]`. */
  path: (string | number)[]
  /** The rule by index and name, as the settings file's errors name it: `rules[2] "promo"`. */
  rule: string
  message: string
}

const isJavaScriptRegExp = (pattern: string) => {
  try {
    new RegExp(pattern, 'iu')
    return true
  } catch {
    return false
  }
}

/**
 * The patterns of a settings `bot` section (as written, or parsed) that the bot cannot
 * run. Invalid JavaScript is left to the settings schema, which reports it already.
 * The settings file and the studio's saves refuse these; a version saved before keeps
 * applying, the bot skipping the pattern (createMatcher logs it).
 *
 * @example patternProblems(settings.bot) // [{ path: ['bot', 'rules', 0, 'patterns', 1], ... }]
 */
export function patternProblems(bot: unknown): PatternProblem[] {
  const rules = typeof bot === 'object' && bot !== null ? Reflect.get(bot, 'rules') : undefined
  if (!Array.isArray(rules)) return []
  const problems: PatternProblem[] = []
  rules.forEach((rule: unknown, index) => {
    if (typeof rule !== 'object' || rule === null) return
    const name = Reflect.get(rule, 'name')
    const patterns: unknown = Reflect.get(rule, 'patterns')
    if (!Array.isArray(patterns)) return
    patterns.forEach((pattern: unknown, at) => {
      if (typeof pattern !== 'string' || !isJavaScriptRegExp(pattern)) return
      const message = rulePatternProblem(pattern)
      if (message === undefined) return
      problems.push({
        path: ['bot', 'rules', index, 'patterns', at],
        rule:
          typeof name === 'string' && name.trim() ? `rules[${index}] "${name}"` : `rules[${index}]`,
        message,
      })
    })
  })
  return problems
}

/**
 * Refuses a settings file whose bot rules hold a pattern the bot cannot run: throws
 * BotSettingsError naming each rule and pattern (as the file's other bot errors do).
 *
 * @example assertRunnablePatterns(loadedSettings.bot)
 */
export function assertRunnablePatterns(bot: unknown): void {
  const problems = patternProblems(bot)
  if (problems.length > 0)
    throw new BotSettingsError(
      problems.map(({ rule, path, message }) => `bot.${rule}.patterns[${path[4]}]: ${message}`),
    )
}
