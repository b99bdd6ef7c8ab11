import { describe, expect, expectTypeOf, it } from 'vitest'
import { BotSettingsError, isBotSettingsError } from '../../../server/bot/errors'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import type { BotSettings, RuleReply } from '../../../shared/settings/bot-rules'
import { DEFAULT_HANDOVER_PHRASES, DEFAULT_TEXTS } from '../../../shared/settings/default-texts'
import { createRuleInput, createSettingsInput } from '../support/rule-factories'

function problemsOf(raw: unknown): readonly string[] {
  try {
    parseBotSettings(raw)
  } catch (error) {
    if (isBotSettingsError(error)) return error.problems
    throw error
  }
  throw new Error('expected parseBotSettings to throw')
}

describe('parseBotSettings', () => {
  it('gives defaults (EN + RU phrases and texts) for an absent section', () => {
    for (const raw of [undefined, null, {}]) {
      const settings = parseBotSettings(raw)
      expect(settings.rules).toEqual([])
      expect(settings.defaultLanguage).toBe('en')
      expect(settings.handoverPhrases).toEqual(DEFAULT_HANDOVER_PHRASES)
      expect(settings.handoverPhrases.en).toContain('operator')
      expect(settings.handoverPhrases.ru).toContain('оператор*')
      expect(settings.noAgentText).toEqual(DEFAULT_TEXTS.noAgentText)
    }
  })

  it('reads a full section: EN and RU rules, a BUTTONS and a MARKDOWN reply, a string reply as TEXT', () => {
    const settings = parseBotSettings(createSettingsInput())
    expect(settings.rules).toHaveLength(6)
    expect(settings.rules[0]?.reply).toEqual({
      type: 'TEXT',
      text: 'We are open Monday to Friday, 9:00 to 18:00.',
    })
    expect(settings.rules[2]?.reply.type).toBe('BUTTONS')
    expect(settings.rules[5]?.reply.type).toBe('MARKDOWN')
    expectTypeOf(settings).toEqualTypeOf<BotSettings>()
    expectTypeOf<RuleReply['type']>().toEqualTypeOf<'TEXT' | 'MARKDOWN' | 'BUTTONS'>()
  })

  it('rejects a MARKDOWN reply without fallback text, naming the rule', () => {
    const raw = {
      rules: [createRuleInput({ name: 'prices', reply: { type: 'MARKDOWN', content: '**x**' } })],
    }
    expect(() => parseBotSettings(raw)).toThrow(BotSettingsError)
    expect(problemsOf(raw)).toEqual([
      'bot.rules[0] "prices".reply.text: is required: the plain-text fallback, because chat channels cannot show Markdown',
    ])
  })

  it('rejects a BUTTONS reply without fallback text or with more than 3 buttons', () => {
    const buttons = [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }]
    const raw = {
      rules: [
        createRuleInput(),
        createRuleInput({ name: 'menu', reply: { type: 'BUTTONS', text: '  ', buttons } }),
      ],
    }
    const problems = problemsOf(raw)
    expect(problems).toContain(
      'bot.rules[1] "menu".reply.text: must not be empty: the plain-text fallback, because chat channels cannot show buttons',
    )
    expect(problems).toContain(
      'bot.rules[1] "menu".reply.buttons: must hold at most 3 buttons (spec section 8)',
    )
  })

  it('rejects an invalid regular expression, naming the rule and the pattern', () => {
    const problems = problemsOf({
      rules: [createRuleInput({ name: 'broken', patterns: ['(unclosed'] })],
    })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      /^bot\.rules\[0\] "broken"\.patterns\[0\]: is not a valid regular expression/,
    )
  })

  it('rejects duplicate names, rules that can never match, and button ids naming no rule', () => {
    const problems = problemsOf({
      rules: [
        createRuleInput({ name: 'a' }),
        createRuleInput({ name: 'a' }),
        createRuleInput({ name: 'orphan', keywords: [] }),
        createRuleInput({
          name: 'menu',
          reply: { type: 'BUTTONS', text: 'pick', buttons: [{ id: 'nowhere', text: 'Go' }] },
        }),
      ],
    })
    expect(problems).toEqual([
      'bot.rules[1] "a".name: repeats the name of rules[0]; rule names must be unique',
      'bot.rules[3] "menu".reply.buttons[0].id: "nowhere" names no rule: use a rule\'s name or "handover"',
      'bot.rules[2] "orphan".keywords: the rule can never match: give keywords or patterns, or point a button id at it',
    ])
  })

  it('rejects unknown keys (typos) and wrong types, and names a rule without a name by index', () => {
    expect(problemsOf({ rules: [{ ...createRuleInput(), keyowrds: ['x'] }] })[0]).toMatch(
      /^bot\.rules\[0\] "opening-hours": Unrecognized key.*keyowrds/,
    )
    expect(problemsOf({ rules: [{ keywords: ['x'], reply: 'y' }] })[0]).toMatch(
      /^bot\.rules\[0\]\.name:/,
    )
    expect(problemsOf({ greeting: 5 })[0]).toMatch(/^bot\.greeting:/)
    expect(problemsOf({ handoverPhrases: { English: ['op'] } })[0]).toMatch(/^bot\.handoverPhrases/)
    expect(problemsOf([])[0]).toMatch(/^bot:/)
  })

  it('takes handoverText false (say nothing before handing over) and per-language texts', () => {
    const settings = parseBotSettings({
      handoverText: false,
      noAgentText: { en: 'Nobody here', de: 'Niemand da' },
    })
    expect(settings.handoverText).toBe(false)
    expect(settings.noAgentText).toEqual({ en: 'Nobody here', de: 'Niemand da' })
  })

  it('the error message lists every problem and says where to fix them', () => {
    try {
      parseBotSettings({ rules: [createRuleInput({ name: 'x', patterns: ['['] })] })
      expect.unreachable()
    } catch (error) {
      expect(String(error)).toMatch(/PORTHOLE_CONFIG[\s\S]*rules\[0\] "x"\.patterns\[0\]/)
    }
  })
})
