import { describe, expect, it } from 'vitest'
import { createStudioApi, isStudioApiError } from '../../../studio/src/api'
import { answer, scriptedFetch } from '../support/scripted-fetch'

function setup(...answers: Response[]) {
  const fetcher = scriptedFetch(...answers)
  return { answers: createStudioApi(fetcher).answers, fetcher }
}

const tried = {
  passages: [
    { articleId: 'returns', title: 'Returns', text: 'Within 30 days.', score: 0.8 },
    { articleId: 7, text: 'unreadable' },
  ],
  answer: { markdown: 'Within **30 days**.', citations: ['returns', 3] },
  fallback: null,
  ms: 412,
  tokens: { in: 300, out: 20 },
}

describe('the studio’s answers API client', () => {
  it('posts the question and its language, and reads the answer', async () => {
    const { answers, fetcher } = setup(answer(200, tried))
    const result = await answers.tryQuestion('Returns?', 'en')
    expect(fetcher.mock.calls[0]?.[0]).toBe('/admin/api/answers/try')
    expect(fetcher.mock.calls[0]?.[1]?.method).toBe('POST')
    expect(JSON.parse(String(fetcher.mock.calls[0]?.[1]?.body))).toEqual({
      question: 'Returns?',
      language: 'en',
    })
    // A passage or a citation the studio cannot read is left out rather than shown broken.
    expect(result).toEqual({
      passages: [{ articleId: 'returns', title: 'Returns', text: 'Within 30 days.', score: 0.8 }],
      answer: { markdown: 'Within **30 days**.', citations: ['returns'] },
      fallback: null,
      ms: 412,
      tokens: { in: 300, out: 20 },
    })
  })

  it('reads a fallback with no answer', async () => {
    const { answers } = setup(answer(200, { ...tried, answer: null, fallback: 'budget' }))
    const result = await answers.tryQuestion('Returns?', 'en')
    expect(result.answer).toBeNull()
    expect(result.fallback).toBe('budget')
  })

  it('refuses an answer it cannot read, naming it', async () => {
    const { answers } = setup(
      answer(200, { answer: null }),
      answer(200, { ...tried, fallback: 'gremlins' }),
      answer(200, { ...tried, answer: { citations: [] } }),
    )
    for (let i = 0; i < 3; i += 1) {
      const error = await answers.tryQuestion('Returns?', 'en').catch((e: unknown) => e)
      expect(isStudioApiError(error) && error.code).toBe('bad_answer')
    }
  })

  it('passes on the API’s error', async () => {
    const { answers } = setup(
      answer(400, { error: { code: 'invalid_body', message: 'question is required' } }),
    )
    const error = await answers.tryQuestion('', 'en').catch((e: unknown) => e)
    expect(isStudioApiError(error) && [error.status, error.message]).toEqual([
      400,
      'question is required',
    ])
  })

  it('reads whether the backend has a model', async () => {
    const { answers, fetcher } = setup(
      answer(200, { modelConfigured: true }),
      answer(200, { modelConfigured: 'yes' }),
    )
    expect(await answers.state()).toEqual({ modelConfigured: true })
    expect(fetcher.mock.calls[0]?.[0]).toBe('/admin/api/answers')
    const error = await answers.state().catch((e: unknown) => e)
    expect(isStudioApiError(error) && error.code).toBe('bad_answer')
  })
})
