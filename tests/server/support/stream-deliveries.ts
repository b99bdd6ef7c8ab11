import { parseSse } from '../../../kit/sse'
import type { FakeResponse } from './fake-response'

// What a stream wrote, read back: the delivery tests' view of a fake response.

export type WrittenEvent = { event: string; id?: string; data: unknown }

/** The events written to a fake response, in order (the preamble and comments left out). */
export function written(res: FakeResponse): WrittenEvent[] {
  return parseSse(res.chunks.join('')).map(({ event, id, data }) => ({
    event,
    data: JSON.parse(data),
    ...(id === undefined ? {} : { id }),
  }))
}

/** The `delivery` events written, in order. */
export const deliveries = (res: FakeResponse) =>
  written(res)
    .filter((e) => e.event === 'delivery')
    .map((e) => e.data as { clientId: string; state: string; error?: string })

/** The clientIds reported in `state`, in order. */
export const reported = (res: FakeResponse, state: string) =>
  deliveries(res)
    .filter((d) => d.state === state)
    .map((d) => d.clientId)
