import { z } from 'zod'
import { transcriptWaitingKey } from '../../store/keys'
import type { Records } from '../../store/types'
import { normalizeAddress } from '../email-address'

const Request = z.object({ endedId: z.string(), address: z.string(), askedAt: z.number() })
const Waiting = z.object({ requests: z.array(Request) })

/** The newest requests kept per visitor (one per ended conversation). */
const MAX_WAITING = 20
/** A repeated request within this long sends no second confirmation e-mail. */
const ASK_AGAIN_MS = 10 * 60_000

/**
 * Transcripts asked for while the visitor's address was unconfirmed: kept (one record per
 * visitor) until the address is confirmed, then taken and sent.
 *
 * @example if ((await waiting.add(visitorId, endedId, to)) !== 'recent') await ask()
 */
export function createWaitingTranscripts(options: {
  store: Records
  now: () => number
  keepMs: number
}) {
  const { store, now } = options
  const read = async (visitorId: string) =>
    (await store.getRecord(transcriptWaitingKey(visitorId), Waiting))?.requests ?? []

  return {
    /** Keeps the request; `recent` when the same one was asked for a moment ago (no new e-mail). */
    async add(visitorId: string, endedId: string, address: string): Promise<'new' | 'recent'> {
      const requests = await read(visitorId)
      const same = requests.find((request) => request.endedId === endedId)
      if (same && same.address === address && now() - same.askedAt < ASK_AGAIN_MS) return 'recent'
      const others = requests.filter((request) => request.endedId !== endedId)
      const next = [...others, { endedId, address, askedAt: now() }].slice(-MAX_WAITING)
      await store.setRecord(transcriptWaitingKey(visitorId), { requests: next }, options.keepMs)
      return 'new'
    },
    /** The ended conversations whose transcripts waited for `address`, no longer waiting. */
    async take(visitorId: string, address: string): Promise<string[]> {
      const requests = await read(visitorId)
      const mine = (request: z.infer<typeof Request>) =>
        normalizeAddress(request.address) === normalizeAddress(address)
      const taken = requests.filter(mine)
      if (taken.length === 0) return []
      const rest = requests.filter((request) => !mine(request))
      if (rest.length > 0)
        await store.setRecord(transcriptWaitingKey(visitorId), { requests: rest }, options.keepMs)
      else await store.deleteRecord(transcriptWaitingKey(visitorId))
      return taken.map((request) => request.endedId)
    },
  }
}
export type WaitingTranscripts = ReturnType<typeof createWaitingTranscripts>
