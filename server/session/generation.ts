import { z } from 'zod'
import { sessionGenerationKey } from '../store/keys'
import type { Records } from '../store/types'

// Per visitor, the generation of their credentials. Tokens and tickets carry the one
// they were issued under; DELETE /api/session writes a new one, so every earlier
// credential is refused on every instance (the record lives in the shared store).
//
// The record is kept for one session lifetime after the revocation: by then every
// credential issued before it has expired anyway. While there is no record, any
// unexpired credential is good, whatever generation it carries. A new generation is
// the revocation time (ms), so it never repeats one an older record held: a token
// issued under an expired record is refused by the next revocation too.
//
// Most visitors never revoke: their check is one read of a record that is not there.
const Generation = z.object({ generation: z.number().int().nonnegative() })

/** The visitor's current generation, or undefined when no revocation is in force. */
export async function readGeneration(
  store: Records,
  visitorId: string,
): Promise<number | undefined> {
  return (await store.getRecord(sessionGenerationKey(visitorId), Generation))?.generation
}

/** True when a credential issued under `generation` survives the visitor's revocations. */
export function generationHolds(generation: number, current: number | undefined): boolean {
  return current === undefined || generation === current
}

/**
 * Revokes every credential of the visitor issued so far, on every instance; returns
 * the new generation. `ttlMs` is the session lifetime.
 */
export async function revokeGeneration(
  store: Records,
  visitorId: string,
  now: number,
  ttlMs: number,
): Promise<number> {
  const current = (await readGeneration(store, visitorId)) ?? 0
  const next = Math.max(now, current + 1)
  await store.setRecord(sessionGenerationKey(visitorId), { generation: next }, ttlMs)
  return next
}
