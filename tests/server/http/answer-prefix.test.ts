import { describe, expect, it } from 'vitest'
import { readAnswerPrefix, UPSTREAM_ANSWER_BYTES } from '../../../server/http/answer-prefix'
import { endlessAnswer } from '../support/endless-body'

describe('readAnswerPrefix', () => {
  it('reads a short answer whole', async () => {
    expect(await readAnswerPrefix(new Response('1\n'))).toBe('1\n')
    expect(await readAnswerPrefix(new Response(null, { status: 204 }))).toBe('')
  })

  it('reads at most the bound of a 400 MB answer and cancels the rest', async () => {
    const answer = endlessAnswer(200, 400 * 1024 * 1024)
    const text = await readAnswerPrefix(answer.response)
    expect(text).toHaveLength(UPSTREAM_ANSWER_BYTES)
    expect(answer.pulled()).toBeLessThanOrEqual(128 * 1024)
    expect(answer.cancelled()).toBe(true)
  })

  it('drops a character cut at the limit instead of replacing it', async () => {
    // 'é' is two bytes in UTF-8: a 5-byte limit ends inside the third.
    expect(await readAnswerPrefix(new Response('ééé'), 5)).toBe('éé')
  })

  it('gives what arrived before a body that fails mid-read', async () => {
    let pulls = 0
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('partial'))
          else controller.error(new Error('socket closed'))
        },
      },
      { highWaterMark: 0 },
    )
    expect(await readAnswerPrefix(new Response(body))).toBe('partial')
  })
})
