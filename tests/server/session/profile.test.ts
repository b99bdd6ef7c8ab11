import { describe, expect, it } from 'vitest'
import { readProfile, updateProfile } from '../../../server/session/profile'
import { profileKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'

describe('visitor profiles', () => {
  it('reads a profile stored before e-mail and phone were checked as it was, keeping the name', async () => {
    const store = createMemoryStore()
    await store.setRecord(profileKey('v-old'), {
      contact: { name: 'Ann', email: 'nope', phone: '12' },
      invite: 'Need help?',
    })
    expect(await readProfile(store, 'v-old')).toEqual({
      contact: { name: 'Ann', email: 'nope', phone: '12' },
      invite: 'Need help?',
    })
    // A new, valid e-mail replaces the old one; the rest stays.
    const updated = await updateProfile(
      store,
      'v-old',
      { contact: { email: 'ann@example.com' } },
      60_000,
    )
    expect(updated.contact).toEqual({ name: 'Ann', email: 'ann@example.com', phone: '12' })
  })

  it('stores a card number or IBAN typed as the name masked, and the e-mail and phone as given', async () => {
    const store = createMemoryStore()
    const saved = await updateProfile(
      store,
      'v-card',
      {
        contact: {
          name: 'Ann 4111 1111 1111 1111',
          email: 'ann@example.com',
          phone: '+49 30 1234567',
        },
      },
      60_000,
    )
    expect(saved.contact).toEqual({
      name: 'Ann •••• •••• •••• 1111',
      email: 'ann@example.com',
      phone: '+49 30 1234567',
    })
    await updateProfile(store, 'v-card', { contact: { name: 'DE89 3704 0044 0532 0130 00' } }, 1)
    expect((await readProfile(store, 'v-card')).contact.name).not.toMatch(/0532/)
  })

  it('reads nothing from a record that is not a profile', async () => {
    const store = createMemoryStore()
    await store.setRecord(profileKey('v-bad'), { contact: 'Ann' })
    expect(await readProfile(store, 'v-bad')).toEqual({ contact: {} })
  })
})
