import { describe, expect, it } from 'vitest'
import { resolveRecipient } from '../../../server/session/alias'
import { createLegacyClock, migrateLegacyUser } from '../../../server/session/legacy'
import { readProfile, updateProfile } from '../../../server/session/profile'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { recordingReads } from '../support/recording-reads'

const KEEP = 30 * 86_400_000

async function texts(store: Store, visitorId: string) {
  return (await store.readAfter(visitorId, undefined, 100)).map((entry) =>
    entry.content.type === 'text' ? entry.content.text : '',
  )
}

const say = (text: string) => ({
  author: 'visitor' as const,
  content: { type: 'text' as const, text },
  at: Date.now(),
})

describe('first-format tokens', () => {
  it('date from the first time any instance of this version served, read once per process', async () => {
    const store = createMemoryStore()
    let now = 1000
    const { store: counting, reads } = recordingReads(store)
    const first = createLegacyClock(counting, () => now)
    expect(await first()).toBe(1000)
    now = 5000
    expect(await first()).toBe(1000)
    expect(reads).toHaveLength(1)
    // Another instance (same store) started later agrees.
    expect(await createLegacyClock(store, () => now)()).toBe(1000)
  })
})

describe('migrateLegacyUser', () => {
  it('moves a user’s conversation and profile from the raw id to user:<id> once, and routes the raw id there', async () => {
    const store = createMemoryStore()
    await store.append('42', say('before the split'))
    await updateProfile(store, '42', { contact: { email: 'grace@example.com' } }, KEEP)
    await migrateLegacyUser(store, { rawId: '42', userId: 'user:42', keepMs: KEEP, now: 1 })
    expect(await texts(store, 'user:42')).toEqual(['before the split'])
    expect((await readProfile(store, 'user:42')).contact).toEqual({ email: 'grace@example.com' })
    expect(await resolveRecipient(store, '42')).toBe('user:42')
    // Done once: a stray later entry under the raw id is not copied again and again.
    await store.append('42', say('stray'))
    await migrateLegacyUser(store, { rawId: '42', userId: 'user:42', keepMs: KEEP, now: 2 })
    expect(await texts(store, 'user:42')).toEqual(['before the split'])
  })

  it('never touches a raw id of a guest’s shape: that conversation may be a guest’s', async () => {
    const store = createMemoryStore()
    const guestShaped = 'V1StGXR8_Z5jdHi6B-myT'
    await store.append(guestShaped, say('a guest wrote this'))
    await migrateLegacyUser(store, {
      rawId: guestShaped,
      userId: `user:${guestShaped}`,
      keepMs: KEEP,
      now: 1,
    })
    expect(await texts(store, `user:${guestShaped}`)).toEqual([])
    expect(await resolveRecipient(store, guestShaped)).toBe(guestShaped)
  })
})
