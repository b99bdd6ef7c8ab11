import { createHash } from 'node:crypto'
import { z } from 'zod'
import { readGeneration } from '../session/generation'
import { CLOCK_SKEW_MS } from '../session/session-check'
import type { Sessions } from '../session/sessions'
import { resumeExchangeKey, resumeLinkedKey, resumeSpentKey } from '../store/keys'
import type { Claims, Records, VisitorEvents } from '../store/types'

/** The device a link was exchanged on, and the generation its hand-over began (once done). */
const Exchange = z.object({ device: z.string(), generation: z.number().int().optional() })

/** A link's id in the store: its hash (the token itself is a credential, never stored). */
export function linkId(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/**
 * How a retry of an exchange went: `ok` when `device` is the one that exchanged the link
 * and nothing signed it out since (a lost answer, a second tab of that browser), `used`
 * when another device exchanged it (or the visitor signed out since), `unfinished` when
 * this device's exchange stopped midway (a crash: handOver finishes it), undefined when
 * no one exchanged it.
 */
export async function exchangedBefore(
  store: Records,
  link: { id: string; visitorId: string },
  device: string | undefined,
): Promise<'ok' | 'used' | 'unfinished' | undefined> {
  const previous = await store.getRecord(resumeExchangeKey(link.id), Exchange)
  if (!previous) return undefined
  if (device === undefined || previous.device !== device) return 'used'
  if (previous.generation === undefined) return 'unfinished'
  const current = await readGeneration(store, link.visitorId)
  return current === previous.generation ? 'ok' : 'used'
}

/**
 * Spends a good link for `device` and hands the conversation over to it: every
 * credential of the link's visitor issued so far (the other holders of the link, the
 * attacker who sent it) is refused from now on, on every instance (the generation in the
 * shared store), and their open streams end. The caller then issues the device's token
 * under the new generation. False when another exchange spent the link first.
 */
export async function handOver(
  deps: {
    store: Records & Claims & VisitorEvents
    sessions: Sessions
    now: () => number
    keepMs: number
  },
  link: { id: string; visitorId: string; expiresAt: number },
  device: string | undefined,
): Promise<boolean> {
  const { store, now, keepMs } = deps
  // Kept while the link could still be presented (and a clock step later).
  const ttlMs = Math.max(1, link.expiresAt - now()) + CLOCK_SKEW_MS
  const first = await store.claim(resumeSpentKey(link.id), ttlMs)
  if (!first && (await exchangedBefore(store, link, device)) !== 'unfinished') return false
  const exchange = resumeExchangeKey(link.id)
  // The device first: a retry after a crash here finishes the hand-over, never loses it.
  await store.setRecord(exchange, { device: device ?? '' }, ttlMs)
  const generation = await deps.sessions.revoke(link.visitorId)
  await store.publish(link.visitorId, { event: 'revoked', data: { at: now() } })
  await store.setRecord(exchange, { device: device ?? '', generation }, ttlMs)
  // Never merged into a signed-in user: whoever had the link may have planted it.
  await store.setRecord(resumeLinkedKey(link.visitorId), { at: now() }, keepMs)
  return true
}

const Linked = z.object({ at: z.number() })

/** True when the guest's conversation came from a resume link (see handOver). */
export async function cameFromLink(store: Records, visitorId: string): Promise<boolean> {
  return (await store.getRecord(resumeLinkedKey(visitorId), Linked)) !== undefined
}
