import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import type { StreamHub } from '../../../server/events/stream-hub'

/**
 * A ServerResponse stand-in: records writes; while `full` is set write() reports a full
 * buffer (the chunk is still taken, as Node buffers it), and drain() empties it.
 */
export function createFakeResponse(options: { full?: boolean } = {}) {
  const emitter = new EventEmitter()
  const res = Object.assign(emitter, {
    full: options.full ?? false,
    chunks: [] as string[],
    status: 0,
    headers: {} as Record<string, string>,
    destroyed: false,
    writableEnded: false,
    socket: null,
    writeHead(status: number, headers: Record<string, string>) {
      res.status = status
      res.headers = headers
      return res
    },
    write(chunk: string) {
      res.chunks.push(chunk)
      return !res.full
    },
    drain() {
      res.full = false
      emitter.emit('drain')
    },
    end() {
      res.writableEnded = true
      emitter.emit('close')
    },
    destroy() {
      res.destroyed = true
      emitter.emit('close')
    },
  })
  return res
}
export type FakeResponse = ReturnType<typeof createFakeResponse>
export const asResponse = (res: FakeResponse) => res as unknown as ServerResponse

/** Opens `tab` on `hub` as a new stream of `visitorId` (no replay id, no extra headers). */
export const openFakeStream = (hub: StreamHub, visitorId: string, tab: FakeResponse) =>
  hub.open({
    visitorId,
    res: asResponse(tab),
    lastEventId: undefined,
    ip: '203.0.113.7',
    headers: {},
  })
