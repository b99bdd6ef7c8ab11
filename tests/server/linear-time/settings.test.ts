import { describe, it } from 'vitest'
import { createMatcher } from '../../../server/bot/matcher'
import { patternProblems } from '../../../server/bot/rule-pattern'
import { BotSettings } from '../../../shared/settings/bot-rules'
import { checkSettings } from '../../../shared/settings/settings-file'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS, repeated } from '../support/linear-time'
import { createRuleInput, createSettingsInput } from '../support/rule-factories'

// The site owner's settings (the studio checks them as they are typed, the API on save)
// and the bot's rules run on each customer message.

const timeout = LINEAR_TEST_TIMEOUT_MS

describe('settings (the studio and the settings file)', () => {
  /** The settings with `scale` rules, each with a few keywords and a long reply. */
  const manyRules = (scale: number) => ({
    bot: createSettingsInput({
      rules: Array.from({ length: scale }, (_, index) =>
        createRuleInput({
          name: `rule-${index}`,
          keywords: [`word${index}`, `other${index}`, `price ${index}*`],
          patterns: [`order\\s+#?\\d{${1 + (index % 5)}}`],
        }),
      ),
    }),
  })

  it('checkSettings on many rules', { timeout }, () =>
    expectLinearTime({ make: manyRules, run: (settings) => checkSettings(settings) }),
  )

  it('checkSettings on a long text', { timeout }, () =>
    expectLinearTime({
      make: (scale) => ({ greeting: { en: 'Hello! '.repeat(scale * 10) } }),
      run: (settings) => checkSettings(settings),
    }),
  )

  it('the bot rules and their patterns checked on save', { timeout }, () =>
    expectLinearTime({
      make: (scale) => manyRules(scale).bot,
      run: (bot) => [BotSettings.safeParse(bot), patternProblems(bot)],
    }),
  )
})

describe('bot rule matching (each customer message)', () => {
  const matcher = createMatcher(
    BotSettings.parse(
      createSettingsInput({
        rules: [
          createRuleInput({ keywords: ['price*', 'how much does it cost'] }),
          createRuleInput({ name: 'order', keywords: [], patterns: ['order\\s+#?\\d{4,}'] }),
        ],
      }),
    ),
  )
  /** A customer message of `scale` times 60 characters that matches no rule. */
  const message = (unit: string) => repeated(unit, 60)

  it.each([
    ['words', message('nothing to see here ')],
    ['a run of spaces', message(' ')],
    ['almost a phrase, many times', message('how much does it ')],
    ['almost an order number', message('order #12 ')],
    ['letters that normalise', message('ﬁＡё ')],
  ])('findRule and handoverLanguage on %s', { timeout }, (_shape, make) =>
    expectLinearTime({
      make,
      run: (text) => [matcher.findRule(text), matcher.handoverLanguage(text)],
    }),
  )
})
