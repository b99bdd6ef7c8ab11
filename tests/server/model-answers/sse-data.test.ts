import { describe, expect, it } from 'vitest'
import { readSseData } from '../../../server/model-answers/sse-data'

const responseOf = (...chunks: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      },
    }),
  )

async function dataOf(...chunks: string[]): Promise<string[]> {
  const seen: string[] = []
  await readSseData(responseOf(...chunks), (data) => seen.push(data))
  return seen
}

describe('readSseData', () => {
  it('reads events split anywhere, with any line ending', async () => {
    expect(
      await dataOf('data: {"a":1}\r', '\n\r\ndata:{"b"', ':2}\n\n', 'data: [DONE]\r\r'),
    ).toEqual(['{"a":1}', '{"b":2}', '[DONE]'])
  })

  it('joins multi-line data and skips comments and other fields', async () => {
    expect(await dataOf(': keep-alive\n\nevent: x\ndata: one\ndata: two\nid: 3\n\n')).toEqual([
      'one\ntwo',
    ])
  })

  it('passes on a last event without its blank line', async () => {
    expect(await dataOf('data: tail')).toEqual(['tail'])
  })
})
