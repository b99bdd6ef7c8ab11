import { describe, expect, it } from 'vitest'
import type { SendOutcome } from '../../../bench/drill/porthole-client'
import { answerSummary } from '../../../bench/drill/scenarios/answers'

const outcome = (firstStatus: number, status: number, state: string): SendOutcome => ({
  clientId: 'c',
  status,
  firstStatus,
  state,
  attempts: firstStatus === status ? 1 : 2,
  entries: [],
})

describe('answerSummary', () => {
  it('groups the answers, naming a first failure and the answer that ended the sending', () => {
    expect(
      answerSummary([
        outcome(200, 200, 'sent'),
        outcome(200, 200, 'sent'),
        outcome(500, 202, 'pending'),
        outcome(0, 200, 'sent'),
        outcome(0, 0, 'http_0'),
      ]),
    ).toBe('200 sent ×2, 500 then 202 pending ×1, no answer then 200 sent ×1, no answer http_0 ×1')
  })
})
