import { z } from 'zod'
import { normalizeAddress } from '../../../shared/contact-rules'
import { emailLockKey, transcriptWaitingKey } from '../../store/keys'
import type { AgedRecords, Claims, Records } from '../../store/types'

const Waiting = z.object({ address: z.string() })

/** A repeated request within this long sends no second confirmation e-mail. */
const ASK_AGAIN_MS = 10 * 60_000

/**
 * Transcripts asked for while the visitor's address was unconfirmed: one record per
 * ended conversation, kept until the address is confirmed, then sent.
 *
 * @example if ((await waiting.add(visitorId, endedId, to)) === 'new') await confirmations.ask(…)
 */
export function createWaitingTranscripts(options: {
  store: Records & AgedRecords & Claims
  now: () => number
}) {
  const { store } = options
  return {
    /**
     * Keeps the request; `recent` when the same one was made a moment ago (on any
     * instance), so a double click or a retry sends no second confirmation e-mail.
     */
    async add(visitorId: string, endedId: string, address: string): Promise<'new' | 'recent'> {
      await store.setAgedRecord(
        transcriptWaitingKey(visitorId, endedId),
        { address },
        'emails',
        options.now(),
      )
      const ask = emailLockKey(`ask:${visitorId}:${endedId}:${normalizeAddress(address)}`)
      return (await store.claim(ask, ASK_AGAIN_MS)) ? 'new' : 'recent'
    },
    /** The ended conversations whose transcripts wait for `address`. */
    async pending(visitorId: string, address: string): Promise<string[]> {
      const prefix = transcriptWaitingKey(visitorId)
      const found: string[] = []
      for (const key of await store.listRecords(prefix)) {
        const waiting = await store.getRecord(key, Waiting)
        if (waiting && normalizeAddress(waiting.address) === normalizeAddress(address))
          found.push(key.slice(prefix.length))
      }
      return found
    },
    /** The transcript went out (or was refused for good): it waits no more. */
    done: (visitorId: string, endedId: string) =>
      store.deleteRecord(transcriptWaitingKey(visitorId, endedId)),
  }
}
export type WaitingTranscripts = ReturnType<typeof createWaitingTranscripts>
