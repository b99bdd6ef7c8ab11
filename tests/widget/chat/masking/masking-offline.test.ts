import { describe, expect, it, vi } from 'vitest'
import type { MaskingContext } from '../../../../widget/chat/masking/mask-text'
import type { Masked } from '../../../../widget/chat/masking/masking'
import { createMasking, maskLongDigitRuns } from '../../../../widget/chat/masking/masking'

// The masking chunk's fetch fails (offline): importing it rejects.
vi.mock('../../../../widget/chat/masking/mask-text', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

const context = { settings: { lang: 'en' } } as MaskingContext
const NOTE = 'A card or account number was hidden for your safety'
const masked = (mask: ReturnType<typeof createMasking>, text: string) =>
  new Promise<Masked>((resolve) => mask(text, resolve))

describe('masking while its chunk cannot be fetched', () => {
  it('hands a text with a card number on at once, masked conservatively, never as typed', async () => {
    const mask = createMasking(context)
    const got = await masked(mask, 'my card 4111 1111 1111 1111, order 1234')
    expect(got.text).toBe('my card •••• •••• •••• 1111, order 1234')
  })

  it('shows the note when it hid a number, and none when it hid nothing', async () => {
    const mask = createMasking(context)
    expect((await masked(mask, 'card 4111 1111 1111 1111')).note).toBe(NOTE)
    expect((await masked(mask, 'order 123456789012 3')).note).toBe(NOTE)
    expect((await masked(mask, 'order 1234')).note).toBeUndefined()
  })

  it('masks conservatively while the chunk cannot be fetched on a site with its own patterns', async () => {
    const mask = createMasking({
      settings: { lang: 'en', maskPatterns: ['C\\d{9}'] },
    } as MaskingContext)
    expect(await masked(mask, 'card 4111 1111 1111 1111')).toEqual({
      text: 'card •••• •••• •••• 1111',
      note: NOTE,
    })
    expect(await masked(mask, 'customer C123456789')).toEqual({ text: 'customer C123456789' })
  })

  it('keeps the order of the texts after one that waited', async () => {
    const mask = createMasking(context)
    const order: string[] = []
    await new Promise<void>((done) => {
      mask('IBAN DE89 3704 0044 0532 0130 00', (m) => order.push(m.text))
      mask('thanks', (m) => {
        order.push(m.text)
        done()
      })
    })
    expect(order).toHaveLength(2)
    expect(order[1]).toBe('thanks')
    expect(order[0]).not.toMatch(/0532/)
  })

  it('masks every digit of a long run but the last four, and leaves short numbers', () => {
    expect(maskLongDigitRuns('4111111111111111')).toBe('••••••••••••1111')
    expect(maskLongDigitRuns('call +49 30 1234567 on 2026-03-02')).toBe(
      'call +49 30 1234567 on 2026-03-02',
    )
  })
})
