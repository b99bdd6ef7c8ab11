import { createHash, randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { BotMessagePayload } from '../../shared/protocol/bot'
import { RichMessage, richOf } from '../../shared/rich-message'
import { botRichItemKey, botRichKey, botRichUsedKey } from '../store/keys'
import type { Claims, Indexes, Records } from '../store/types'

/** How long a sent BUTTONS or MARKDOWN message waits for its fallback to come back by A3. */
export const RICH_REPLY_TTL_MS = 10 * 60 * 1000
/** The most messages remembered per customer; a newer one drops the oldest. */
export const MAX_RICH_REPLIES = 5

const Remembered = z.object({ fallback: z.string(), rich: RichMessage })

/** An index member: `<until, base 36, 9 digits>:<hash of the fallback>:<id>`, so sorted oldest first. */
type Member = { member: string; until: number; hash: string; id: string }

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24)

function parseMember(member: string): Member | undefined {
  const [until, hash, id] = member.split(':')
  if (!until || !hash || !id) return undefined
  return { member, until: Number.parseInt(until, 36), hash, id }
}

/** A remembered message an A3 text matched: taken (no other message can take it) until released. */
export type TakenRichReply = {
  rich: RichMessage
  /** The entry holding it is stored: forget the record. */
  commit(): Promise<void>
  /** The entry could not be stored: the service's retry of the same message may take it again. */
  release(): Promise<void>
}

export type RichReplies = {
  /** Porthole's bot is about to send `message` to the customer `clientId`: remember its look. */
  remember(clientId: string, message: BotMessagePayload): Promise<void>
  /** An agent joined or the chat closed: nothing sent before is matched any more. */
  forget(clientId: string): Promise<void>
  /**
   * The look of the bot's message whose fallback is exactly `text`, sent to `clientId`
   * (the A3 recipient.id) less than the lifetime ago and not taken by another message.
   */
  take(clientId: string, text: string): Promise<TakenRichReply | undefined>
}

/**
 * Remembers, in the store (shared by instances, kept across restarts), the BUTTONS and
 * MARKDOWN messages Porthole's own bot sends, so that the plain-text fallback the service
 * delivers by A3 can show as what it was. Keyed by the customer, matched by the exact
 * fallback text, taken once, forgotten after RICH_REPLY_TTL_MS.
 *
 * @example const rich = createRichReplies({ store, now: Date.now }); await rich.remember(clientId, message)
 */
export function createRichReplies(options: {
  store: Records & Indexes & Claims
  now: () => number
  ttlMs?: number
  maxPerCustomer?: number
}): RichReplies {
  const { store, now } = options
  const ttlMs = options.ttlMs ?? RICH_REPLY_TTL_MS
  const max = options.maxPerCustomer ?? MAX_RICH_REPLIES

  async function members(clientId: string): Promise<Member[]> {
    const all = await store.indexMembers(botRichKey(clientId))
    return all.map(parseMember).filter((member): member is Member => member !== undefined)
  }

  async function drop(clientId: string, member: Member): Promise<void> {
    await store.indexRemove(botRichKey(clientId), member.member)
    await store.deleteRecord(botRichItemKey(clientId, member.id))
  }

  return {
    async remember(clientId, message) {
      const look = richOf(message)
      if (!look) return
      const at = now()
      const held = await members(clientId)
      const live = held.filter((member) => member.until > at)
      const stale = [
        ...held.filter((member) => member.until <= at),
        ...live.slice(0, Math.max(0, live.length - max + 1)),
      ]
      for (const member of stale) await drop(clientId, member)
      const id = randomUUID()
      const until = (at + ttlMs).toString(36).padStart(9, '0')
      // The record first: a member found by take() has its record.
      await store.setRecord(botRichItemKey(clientId, id), look, ttlMs)
      await store.indexAdd(botRichKey(clientId), `${until}:${hashOf(look.fallback)}:${id}`, ttlMs)
    },

    async forget(clientId) {
      for (const member of await members(clientId)) await drop(clientId, member)
    },

    async take(clientId, text) {
      const at = now()
      const hash = hashOf(text)
      const candidates = (await members(clientId)).filter(
        (member) => member.hash === hash && member.until > at,
      )
      for (const member of candidates) {
        const record = await store.getRecord(botRichItemKey(clientId, member.id), Remembered)
        if (record?.fallback !== text) continue
        const usedKey = botRichUsedKey(member.id)
        // Once only, whichever instance receives the A3 message.
        if (!(await store.claim(usedKey, ttlMs))) continue
        return {
          rich: record.rich,
          commit: () => drop(clientId, member),
          release: () => store.release(usedKey),
        }
      }
      return undefined
    },
  }
}
