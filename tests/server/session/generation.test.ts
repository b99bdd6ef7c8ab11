import { describe, expect, it } from 'vitest'
import {
  generationHolds,
  readGeneration,
  revokeGeneration,
} from '../../../server/session/generation'
import { createMemoryStore } from '../../../server/store/memory-store'

const DAY = 86_400_000
const TTL = 30 * DAY

describe('credential generations', () => {
  it('start with no record, under which every generation holds', async () => {
    const store = createMemoryStore()
    expect(await readGeneration(store, 'v1')).toBeUndefined()
    expect(generationHolds(0, undefined)).toBe(true)
    expect(generationHolds(123, undefined)).toBe(true)
  })

  it('move on with each revocation, so only credentials issued since hold', async () => {
    let now = Date.UTC(2026, 10, 22)
    const store = createMemoryStore({ now: () => now })
    const first = await revokeGeneration(store, 'v1', now, TTL)
    expect(await readGeneration(store, 'v1')).toBe(first)
    expect(generationHolds(0, first)).toBe(false)
    expect(generationHolds(first, first)).toBe(true)
    // Twice in the same millisecond still moves on.
    const second = await revokeGeneration(store, 'v1', now, TTL)
    expect(second).toBeGreaterThan(first)
    expect(generationHolds(first, second)).toBe(false)
    // Another visitor is untouched.
    expect(await readGeneration(store, 'v2')).toBeUndefined()
    now += TTL
    expect(await readGeneration(store, 'v1')).toBeUndefined()
  })

  it('never repeat a generation an expired record held', async () => {
    let now = Date.UTC(2026, 10, 22)
    const store = createMemoryStore({ now: () => now })
    const old = await revokeGeneration(store, 'v1', now, TTL)
    now += TTL + 1
    expect(await readGeneration(store, 'v1')).toBeUndefined()
    // A token issued under `old` just before the record expired is still young: the
    // next revocation must refuse it.
    const next = await revokeGeneration(store, 'v1', now, TTL)
    expect(generationHolds(old, next)).toBe(false)
  })
})
