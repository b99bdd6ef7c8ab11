import { describe, expect, it } from 'vitest'
import type { PublicOfflineForm } from '../../../../shared/widget-api'
import { formFields } from '../../../../widget/chat/model/offline-fields'

const form = (fields: Partial<PublicOfflineForm['fields']>, intro?: string): PublicOfflineForm => ({
  fields: {
    name: { shown: true, required: false },
    email: { shown: true, required: false },
    phone: { shown: true, required: false },
    message: { shown: true, required: true },
    ...fields,
  },
  ...(intro ? { intro } : {}),
})

describe('formFields: what the offline form asks', () => {
  it('without settings: name, email and phone, none required', () => {
    expect(formFields(undefined, {})).toEqual([
      { key: 'name', required: false },
      { key: 'email', required: false },
      { key: 'phone', required: false },
    ])
  })

  it('honours shown and required', () => {
    const settings = form({
      name: { shown: true, required: true },
      phone: { shown: false, required: false },
    })
    expect(formFields(settings, {})).toEqual([
      { key: 'name', required: true },
      { key: 'email', required: false },
    ])
  })

  it('drops what the profile holds; with an e-mail or phone known only required fields remain', () => {
    expect(formFields(undefined, { email: 'ann@example.com' })).toEqual([])
    expect(formFields(undefined, { phone: '+7 912 345-67-89', name: 'Ann' })).toEqual([])
    expect(formFields(undefined, { name: 'Ann' })).toEqual([
      { key: 'email', required: false },
      { key: 'phone', required: false },
    ])
    const settings = form({ name: { shown: true, required: true } })
    expect(formFields(settings, { email: 'ann@example.com' })).toEqual([
      { key: 'name', required: true },
    ])
    expect(formFields(settings, { email: 'ann@example.com', name: 'Ann' })).toEqual([])
    // Blank is not known.
    expect(formFields(settings, { email: 'ann@example.com', name: '  ' })).toEqual([
      { key: 'name', required: true },
    ])
  })
})
