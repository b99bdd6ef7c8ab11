import { describe, expect, it } from 'vitest'
import { findContact, formatContact } from '../../../server/bot/contact'

describe('findContact', () => {
  it.each([
    ['ann@example.com', { email: 'ann@example.com' }],
    ['write to Ann.Lee+shop@mail.example.co.uk.', { email: 'Ann.Lee+shop@mail.example.co.uk' }],
    ['иван.петров@почта.рф', { email: 'иван.петров@почта.рф' }],
    ['+7 912 345-67-89', { phone: '+7 912 345-67-89' }],
    ['my phone 8 (912) 345-67-89.', { phone: '8 (912) 345-67-89' }],
    ['+44 20 7946 0958', { phone: '+44 20 7946 0958' }],
    ['(495) 123-45-67', { phone: '(495) 123-45-67' }],
    ['tel:+12025550123', { phone: '+12025550123' }],
    ['call 555-1234 after six', { phone: '555-1234' }],
    [
      'ann@example.com or +7 912 345 67 89',
      { email: 'ann@example.com', phone: '+7 912 345 67 89' },
    ],
  ])('finds the contact in %j', (text, expected) => {
    expect(findContact(text)).toEqual(expected)
  })

  it.each([
    'nothing here',
    'order 12345678',
    'on 15.01.2024 at 10:30',
    '2024-01-15',
    'I paid 1 000 000 rub',
    'call me at 12',
    'ann@example',
    '@ann',
    '1234567890123456789',
  ])('finds none in %j', (text) => {
    expect(findContact(text)).toBeUndefined()
  })

  it('formats what it found for the confirmation', () => {
    expect(formatContact({ email: 'a@b.io', phone: '+1 555 0100 200' })).toBe(
      'a@b.io, +1 555 0100 200',
    )
    expect(formatContact({ phone: '555-1234' })).toBe('555-1234')
  })
})
