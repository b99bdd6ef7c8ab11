import { type IncomingMessage, request } from 'node:http'
import { createSseReader, type SseEvent } from '../../../kit/sse'

export type SlowEvent = SseEvent

/**
 * An SSE client over a real socket that reads slowly: it reads nothing for `startDelayMs`
 * (so the server's socket fills), then takes what is buffered one small step at a time
 * with a pause after each. `paused` stops
 * reading altogether, as a frozen tab would.
 */
export function openSlowSse(
  url: string,
  options: { headers?: Record<string, string>; startDelayMs?: number; stepDelayMs?: number } = {},
) {
  const events: SlowEvent[] = []
  const state = { ended: false, paused: false, status: 0 }
  const req = request(url, { headers: { accept: 'text/event-stream', ...options.headers } })

  const reader = createSseReader({ onEvent: (event) => events.push(event) })
  const parse = (text: string) => reader.feed(text)

  async function readSlowly(res: IncomingMessage): Promise<void> {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    await sleep(options.startDelayMs ?? 0)
    while (!state.ended) {
      const chunk: string | null = state.paused ? null : res.read()
      if (chunk !== null) parse(chunk)
      await sleep(options.stepDelayMs ?? 1)
    }
  }

  const ready = new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      state.status = res.statusCode ?? 0
      res.setEncoding('utf8')
      res.pause()
      const finish = () => {
        // What was read before the end still counts.
        for (let chunk = res.read(); chunk !== null; chunk = res.read()) parse(chunk)
        state.ended = true
      }
      res.on('end', finish)
      res.on('close', finish)
      res.on('aborted', finish)
      void readSlowly(res)
      resolve()
    })
    req.on('error', (error) => {
      state.ended = true
      reject(error)
    })
  })
  req.end()
  return {
    ready,
    events,
    state,
    /** Ids of the `message` events received, in order. */
    ids: () => events.filter((e) => e.event === 'message').map((e) => e.id ?? ''),
    lastId: () => events.findLast((e) => e.id !== undefined)?.id,
    close: () => req.destroy(),
  }
}
