import { describe, it } from 'vitest'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import {
  isModelAnswerFallback,
  modelAnswerMessages,
} from '../../../server/model-answers/answer-message'
import { checkAnswer } from '../../../server/model-answers/check-answer'
import { createPassage } from '../support/model-brain'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS, repeated } from '../support/linear-time'

// A model's answer is read up to 256 KiB (server/model-answers/sse-data.ts) and then
// checked: a usual answer is a few hundred characters; the family feeds 600 to 60,000.

const SHAPES: [string, string][] = [
  ['words', 'word '],
  ['a run of blanks', ' '],
  ['blanks before a citation', ' \t [[returns]]'],
  ['a run of citation openers', '[['],
  ['a run of link openers', '['],
  ['links without an end', '](https://a.example/'],
  ['bare addresses', 'https://shop.example/help/returns '],
  ['emphasis openers', '**a '],
  ['underscores', '_a'],
  ['lines of addresses', '\nhttps://a.example'],
]
const settings = parseBotSettings({})
const passages = [createPassage('returns', 'Thirty days.')]

describe.each(SHAPES)('the checks of a model’s answer on %s', (_shape, unit) => {
  const make = repeated(unit, 60)
  it('checkAnswer', { timeout: LINEAR_TEST_TIMEOUT_MS }, () =>
    expectLinearTime({ make, run: (input) => checkAnswer(`${input} [[returns]]`, passages) }),
  )
  it('the messages and their fallback test', { timeout: LINEAR_TEST_TIMEOUT_MS }, () =>
    expectLinearTime({
      make,
      run: (input) => {
        modelAnswerMessages(settings, 'en', input, passages)
        isModelAnswerFallback(`a\n\n${input}`)
      },
    }),
  )
})
