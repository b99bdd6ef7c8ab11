import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BotSettingsError } from '../../../server/bot/errors'
import { createMatcher, PATTERN_BUDGET_MS } from '../../../server/bot/matcher'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import {
  compileRulePattern,
  MAX_PATTERN_SIZE,
  PATTERN_TEXT_CHARS,
  rulePatternProblem,
} from '../../../server/bot/rule-pattern'
import { loadSettings } from '../../../server/settings/load-settings'
import { BOUNDED_TEST_TIMEOUT_MS, runBounded } from '../../support/bounded-run'
import { createRuleInput } from '../support/rule-factories'

/** The review's pattern: a backtracking engine needs 2^n steps for n letters and a "!". */
const NESTED = '^(\\w+\\s?)*$'

describe('rule patterns run in linear time', () => {
  it(
    'a nested-quantifier pattern against a hostile message answers at once (it froze the backend)',
    async () => {
      // 40 letters: the review measured 33.7 s at 28 with a backtracking engine, doubling per
      // letter, so before this fix the child runs for days and is killed at the limit.
      const run = await runBounded(`
      import { createMatcher } from './server/bot/matcher.ts'
      import { parseBotSettings } from './server/bot/parse-bot-settings.ts'
      const settings = parseBotSettings({
        rules: [{ name: 'words', patterns: [${JSON.stringify(NESTED)}], reply: 'hi' }],
      })
      const matcher = createMatcher(settings)
      console.log(matcher.findRule('${'a'.repeat(40)}!')?.name ?? 'none')
      console.log(matcher.findRule('just words')?.name ?? 'none')
    `)
      expect(run.stderr).toBe('')
      expect(run.finished).toBe(true)
      expect(run.stdout.trim().split('\n')).toEqual(['none', 'words'])
    },
    BOUNDED_TEST_TIMEOUT_MS,
  )

  it('keeps the JavaScript syntax settings files already use', () => {
    const cases: [string, string, boolean][] = [
      ['\\b(price|cost)s?\\b', 'What does it COST?', true],
      ['(?<word>цен\\p{L}*)', 'Какая ЦЕНА?', true],
      ['\\u{1F600}', 'hi 😀', true],
      ['\\u00e9t\\u00e9', 'ÉTÉ', true],
      ['(?<!not )happy', 'I am not happy', false],
      ['(?<!not )happy', 'I am happy', true],
      ['^order\\s+#?\\d{4,8}$', 'Order #123456', true],
      ['[а-яё]+', 'ЁЛКА', true],
    ]
    for (const [pattern, text, expected] of cases) {
      expect(new RegExp(pattern, 'iu').test(text), pattern).toBe(expected)
      expect(compileRulePattern(pattern).test(text), pattern).toBe(expected)
    }
  })

  it('refuses what the linear engine cannot run, saying why', () => {
    expect(rulePatternProblem('(?=.*price)order')).toMatch(
      /linear-time matcher \(.*\(\?=.*lookahead/,
    )
    expect(rulePatternProblem('(a)\\1')).toMatch(/linear-time matcher.*backreferences/)
    expect(rulePatternProblem('(?<w>a)\\k<w>')).toMatch(/backreference \\k<…>/)
    expect(rulePatternProblem('x{2000}')).toMatch(/repeat/)
    expect(rulePatternProblem('\\p{L}{600}')).toMatch(
      new RegExp(`too complex for the bot \\(size \\d+, at most ${MAX_PATTERN_SIZE}\\)`),
    )
    expect(rulePatternProblem(NESTED)).toBeUndefined()
  })

  it('a settings file holding a pattern the engine cannot run is refused at load, naming the rule', () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-patterns-'))
    const file = join(dir, 'porthole.config.json')
    const bot = {
      rules: [createRuleInput({ name: 'order-status', patterns: ['status', '(?=.*order)status'] })],
    }
    writeFileSync(file, JSON.stringify({ bot }))
    try {
      expect(() => loadSettings(file)).toThrow(BotSettingsError)
      expect(() => loadSettings(file)).toThrow(
        /bot\.rules\[0\] "order-status"\.patterns\[1\]: cannot run in the linear-time matcher/,
      )
      writeFileSync(
        file,
        JSON.stringify({ bot: { rules: [createRuleInput({ patterns: ['\\bok\\b'] })] } }),
      )
      expect(loadSettings(file).bot).toBeDefined()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a version saved before keeps applying: the bot skips only that pattern, with an error', () => {
    const errors: unknown[] = []
    const logger = {
      info: () => {},
      warn: () => {},
      error: (m: string, f?: unknown) => errors.push({ m, f }),
    }
    const settings = parseBotSettings({
      rules: [
        createRuleInput({
          name: 'lookahead',
          keywords: [],
          patterns: ['(?=.*refund)money', 'refund'],
        }),
      ],
    })
    const matcher = createMatcher(settings, { logger })
    expect(matcher.findRule('a refund please')?.name).toBe('lookahead')
    expect(errors).toEqual([
      {
        m: expect.stringMatching(/cannot run in the linear-time matcher; skipped/),
        f: { rule: 'lookahead', pattern: 0, problem: expect.stringMatching(/\(\?=/) },
      },
    ])
  })
})

describe('the time one message may spend on patterns', () => {
  const settings = () =>
    parseBotSettings({
      rules: [
        createRuleInput({ name: 'first', keywords: [], patterns: ['never-a', 'never-b'] }),
        createRuleInput({ name: 'second', keywords: [], patterns: ['refund'] }),
        createRuleInput({ name: 'third', keywords: ['refund'], patterns: [] }),
      ],
    })

  it('skips the remaining patterns once the budget is spent; keywords still answer', () => {
    let clock = 0
    const warnings: unknown[] = []
    const logger = {
      info: () => {},
      error: () => {},
      warn: (message: string, fields?: unknown) => warnings.push({ message, fields }),
    }
    // Every reading of the clock moves it on by a little under half the budget: the first
    // rule's two patterns use it up, so "second" is not tried and "third" answers.
    const matcher = createMatcher(settings(), {
      logger,
      now: () => (clock += PATTERN_BUDGET_MS / 2 - 1),
    })
    expect(matcher.findRule('a refund please')?.name).toBe('third')
    expect(warnings).toEqual([
      {
        message: expect.stringMatching(/patterns used up their time/),
        fields: { rule: 'second', spentMs: expect.any(Number), budgetMs: PATTERN_BUDGET_MS },
      },
    ])
  })

  it('within the budget, a pattern answers before a later keyword', () => {
    const matcher = createMatcher(settings(), { now: () => 0 })
    expect(matcher.findRule('a refund please')?.name).toBe('second')
  })

  it('patterns look at the first PATTERN_TEXT_CHARS characters only', () => {
    const matcher = createMatcher(
      parseBotSettings({
        rules: [createRuleInput({ name: 'tail', keywords: [], patterns: ['zz$'] })],
      }),
    )
    expect(matcher.findRule(`${'a'.repeat(PATTERN_TEXT_CHARS - 2)}zz`)?.name).toBe('tail')
    expect(matcher.findRule(`${'a'.repeat(PATTERN_TEXT_CHARS)}zz`)).toBeUndefined()
  })
})
