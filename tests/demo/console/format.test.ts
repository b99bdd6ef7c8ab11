import { describe, expect, it } from 'vitest'
import { customerName, visitorLabel } from '../../../demo/console/src/format'

const chat = (customer: Record<string, string>, clientId = 'lHAZy6r-g8-Qx2vT9mKp0wZ') => ({
  clientId,
  customer,
})

// Issue 35, defect 17: the console listed visitors as "Visitor lHAZy6r-g8-…".
describe('the customer’s name in the console', () => {
  it('is the name they gave, else their e-mail, else their phone', () => {
    expect(customerName(chat({ name: ' Maria ', email: 'm@example.com' }))).toBe('Maria')
    expect(customerName(chat({ email: 'maria@example.com', phone: '+1 555' }))).toBe(
      'maria@example.com',
    )
    expect(customerName(chat({ name: ' ', phone: '+1 555 0100' }))).toBe('+1 555 0100')
  })

  it('is a short label that stays the same for an anonymous visitor, never the raw id', () => {
    const name = customerName(chat({}))
    expect(name).toMatch(/^Visitor [0-9A-Z]{4}$/)
    expect(name).not.toContain('lHAZy6r')
    expect(customerName(chat({}))).toBe(name)
    expect(customerName(chat({}, 'another-visitor-id-123456'))).not.toBe(name)
  })

  it('tells a thousand visitors apart with few repeats', () => {
    const labels = new Set(
      Array.from({ length: 1000 }, (_, i) => visitorLabel(`visitor-${i}-${i * 7919}`)),
    )
    expect(labels.size).toBeGreaterThan(990)
    for (const label of labels) expect(label).toMatch(/^[0-9A-Z]{4}$/)
  })
})
