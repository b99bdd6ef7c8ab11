import type { BotRule, BotSettings, ReplyButton } from '../../shared/settings/bot-rules'

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

type CompiledRule = { rule: BotRule; keywords: RegExp[]; patterns: RegExp[] }

/** The site owner's rules compiled once at start: rule, button and hand-over lookups. */
export function createMatcher(settings: BotSettings) {
  const compiled: CompiledRule[] = settings.rules.map((rule) => ({
    rule,
    keywords: rule.keywords.map(keywordPattern),
    patterns: rule.patterns.map((pattern) => new RegExp(pattern, 'iu')),
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
    /** The first rule, in file order, whose keywords or patterns match. */
    findRule(text: string): BotRule | undefined {
      const normalized = normalizeText(text)
      return compiled.find(
        (entry) =>
          entry.keywords.some((pattern) => pattern.test(normalized)) ||
          entry.patterns.some((pattern) => pattern.test(text)),
      )?.rule
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
