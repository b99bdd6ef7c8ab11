import type { RE2JS } from 're2js'
import type { BotRule, BotSettings, ReplyButton } from '../../shared/settings/bot-rules'
import type { BotLogger } from './logger'
import { compileRulePattern, PATTERN_TEXT_CHARS, RulePatternError } from './rule-pattern'

/**
 * The most one message may spend on the rules' patterns: once spent, the patterns of the
 * remaining rules are skipped for that message (their keywords still count). With the
 * linear-time engine, MAX_PATTERN_SIZE and PATTERN_TEXT_CHARS, one pattern costs about
 * 0.1 s at the very worst, so a message costs at most the budget plus that.
 */
export const PATTERN_BUDGET_MS = 50

/** Case, width and ё/е differences do not matter when matching keywords. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase().replaceAll('ё', 'е').trim()
}

const WORD = '[\\p{L}\\p{N}]'

/**
 * A keyword or phrase as a whole-word pattern: "price" matches "the price?" but not
 * "priceless"; a trailing `*` accepts any ending ("цен*" matches "цены", "ценой").
 */
export function keywordPattern(keyword: string): RegExp {
  const normalized = normalizeText(keyword)
  const prefix = normalized.endsWith('*')
  const body = (prefix ? normalized.slice(0, -1) : normalized)
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+')
  return new RegExp(`(?<!${WORD})${body}${prefix ? `${WORD}*` : ''}(?!${WORD})`, 'u')
}

type CompiledRule = { rule: BotRule; keywords: RegExp[]; patterns: RE2JS[] }

export type MatcherOptions = {
  /** Told of a pattern skipped (the engine cannot run it) and of a message that used up PATTERN_BUDGET_MS. */
  logger?: BotLogger
  /** A monotonic clock in ms (performance.now); tests step their own. */
  now?: () => number
}

/** The site owner's rules compiled once at start: rule, button and hand-over lookups. */
export function createMatcher(settings: BotSettings, options: MatcherOptions = {}) {
  const now = options.now ?? (() => performance.now())
  // The settings file and the studio refuse a pattern the engine cannot run; one in a
  // version saved before is skipped, so the rest of the rules and settings still apply.
  const compile = (rule: BotRule) =>
    rule.patterns.flatMap((pattern, index) => {
      try {
        return [compileRulePattern(pattern)]
      } catch (error) {
        if (!(error instanceof RulePatternError)) throw error
        options.logger?.error(
          'bot: a rule pattern cannot run in the linear-time matcher; skipped',
          {
            rule: rule.name,
            pattern: index,
            problem: error.message,
          },
        )
        return []
      }
    })
  const compiled: CompiledRule[] = settings.rules.map((rule) => ({
    rule,
    keywords: rule.keywords.map(keywordPattern),
    patterns: compile(rule),
  }))
  const byName = new Map(settings.rules.map((rule) => [rule.name, rule]))
  const buttons = new Map<string, ReplyButton>()
  for (const rule of settings.rules) {
    if (rule.reply.type !== 'BUTTONS') continue
    for (const button of rule.reply.buttons) {
      if (button.id !== undefined) buttons.set(normalizeText(button.text), button)
    }
  }
  const handover = Object.entries(settings.handoverPhrases).map(([lang, phrases]) => ({
    lang,
    patterns: phrases.map(keywordPattern),
  }))

  return {
    /** The first rule, in file order, whose keywords or patterns match (patterns within PATTERN_BUDGET_MS). */
    findRule(text: string): BotRule | undefined {
      const normalized = normalizeText(text)
      const sample = text.length > PATTERN_TEXT_CHARS ? text.slice(0, PATTERN_TEXT_CHARS) : text
      const start = now()
      let skipped = false
      for (const entry of compiled) {
        if (entry.keywords.some((pattern) => pattern.test(normalized))) return entry.rule
        for (const pattern of entry.patterns) {
          if (skipped) break
          const spent = now() - start
          if (spent > PATTERN_BUDGET_MS) {
            skipped = true
            options.logger?.warn(
              'bot: the rules’ patterns used up their time on a message; the patterns from this rule on were skipped for it',
              { rule: entry.rule.name, spentMs: Math.round(spent), budgetMs: PATTERN_BUDGET_MS },
            )
            break
          }
          if (pattern.test(sample)) return entry.rule
        }
      }
      return undefined
    },
    ruleByName(name: string): BotRule | undefined {
      return byName.get(name)
    },
    /** A button with an id whose text the customer typed (channels that showed the fallback text). */
    buttonByText(text: string): ReplyButton | undefined {
      return buttons.get(normalizeText(text))
    },
    /** The language of the hand-over phrase in the text, or undefined when the customer did not ask for a person. */
    handoverLanguage(text: string): string | undefined {
      const normalized = normalizeText(text)
      return handover.find((entry) => entry.patterns.some((pattern) => pattern.test(normalized)))
        ?.lang
    },
  }
}

export type Matcher = ReturnType<typeof createMatcher>
