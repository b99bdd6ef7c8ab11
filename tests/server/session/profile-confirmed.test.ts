import { describe, expect, it } from 'vitest'
import {
  confirmedEmail,
  confirmProfileEmail,
  readProfile,
  saveContact,
} from '../../../server/session/profile'
import { createMemoryStore } from '../../../server/store/memory-store'

const DAY = 24 * 3_600_000

describe('a profile’s confirmed address', () => {
  it('is confirmed only for the address it was confirmed for, and unconfirmed by a change', async () => {
    const store = createMemoryStore()
    await saveContact(store, 'v1', { email: 'ann@example.com' }, DAY)
    expect(confirmedEmail(await readProfile(store, 'v1'))).toBeUndefined()
    // A link of another address confirms nothing.
    expect(await confirmProfileEmail(store, 'v1', 'eve@example.com', 5, DAY)).toBe(false)
    expect(await confirmProfileEmail(store, 'v1', 'Ann@Example.com', 5, DAY)).toBe(true)
    expect(confirmedEmail(await readProfile(store, 'v1'))).toBe('ann@example.com')
    // Other contact changes keep it.
    await saveContact(store, 'v1', { name: 'Ann' }, DAY)
    expect(confirmedEmail(await readProfile(store, 'v1'))).toBe('ann@example.com')
    await saveContact(store, 'v1', { email: 'eve@example.com' }, DAY)
    expect(confirmedEmail(await readProfile(store, 'v1'))).toBeUndefined()
    expect((await readProfile(store, 'v1')).emailConfirmed).toBeUndefined()
    // Back to the first address: unconfirmed until confirmed again.
    await saveContact(store, 'v1', { email: 'ann@example.com' }, DAY)
    expect(confirmedEmail(await readProfile(store, 'v1'))).toBeUndefined()
  })
})
