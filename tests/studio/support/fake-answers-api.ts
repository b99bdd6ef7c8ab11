import { vi } from 'vitest'
import type { ModelState, TriedAnswer } from '../../../studio/src/answers/answer-types'
import type { AnswersApi } from '../../../studio/src/answers/answers-api'

/** POST /admin/api/answers/try's answer: a written answer citing the first passage, with overrides. */
export function createTriedAnswer(overrides: Partial<TriedAnswer> = {}): TriedAnswer {
  return {
    passages: [
      {
        articleId: 'returns',
        title: 'Returns and refunds',
        text: 'Send it back within 30 days for a full refund.',
        score: 0.91,
      },
      {
        articleId: 'shipping',
        title: 'Shipping',
        text: 'Orders ship within two working days.',
        score: 0.42,
      },
    ],
    answer: {
      markdown:
        'You can send it back within **30 days**: see [Returns and refunds](https://shop.example/help/returns).',
      citations: ['returns'],
    },
    fallback: null,
    ms: 1234,
    tokens: { in: 812, out: 46 },
    ...overrides,
  }
}

type Reply = TriedAnswer | Error | Promise<TriedAnswer>

/** The answers API in memory: `state` as set, each question answered with the next scripted reply. */
export function createFakeAnswersApi(state: ModelState = { modelConfigured: true }) {
  const replies: Reply[] = []
  let current = state
  const api: AnswersApi = {
    state: vi.fn(async () => current),
    tryQuestion: vi.fn(async () => {
      const next = replies.shift() ?? createTriedAnswer()
      if (next instanceof Error) throw next
      return next
    }),
  }
  return {
    api,
    /** The next questions' answers, in turn (a promise answers when it settles). */
    reply(...next: Reply[]) {
      replies.push(...next)
    },
    setState(next: ModelState) {
      current = next
    },
  }
}
