import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { maskSecrets } from '../../../shared/privacy/mask-secrets'

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/privacy/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))

const cards = fixture('card-numbers.txt').map((line) => {
  const [brand = '', number = ''] = line.split(' ')
  return { brand, number }
})
const ibans = fixture('ibans.txt')

/** The number in groups of four, as cards are printed. */
const grouped = (digits: string, separator: string) =>
  digits.replace(/(\d{4})(?=\d)/g, `$1${separator}`)

describe('maskSecrets: payment cards', () => {
  it('holds a test number of every brand', () => {
    const brands = new Set(cards.map(({ brand }) => brand))
    for (const brand of ['Visa', 'Mastercard', 'Mastercard-2-series', 'American-Express'])
      expect(brands).toContain(brand)
    for (const brand of ['Discover', 'Diners-Club', 'JCB', 'UnionPay', 'Maestro', 'Mir'])
      expect(brands).toContain(brand)
  })

  it.each(cards)('masks $brand $number, keeping the last four', ({ number }) => {
    const lastFour = number.slice(-4)
    for (const written of [number, grouped(number, ' '), grouped(number, '-')]) {
      const masked = maskSecrets(`my card: ${written}, thanks`)
      expect(masked).toEqual({
        text: `my card: •••• •••• •••• ${lastFour}, thanks`,
        kinds: ['card'],
      })
    }
  })

  it('finds a card with a security code or another number after it', () => {
    expect(maskSecrets('4111 1111 1111 1111 123').text).toBe('•••• •••• •••• 1111 123')
    expect(maskSecrets('5555-5555-5555-4444 12 27').text).toBe('•••• •••• •••• 4444 12 27')
  })

  it('masks every card of a message', () => {
    expect(maskSecrets('4242424242424242 or 378282246310005').text).toBe(
      '•••• •••• •••• 4242 or •••• •••• •••• 0005',
    )
  })

  it.each([
    ['a Luhn-invalid number', '4111 1111 1111 1112'],
    ['a valid Luhn number outside every brand', '1234 5678 9012 3452'],
    ['a brand prefix at the wrong length', '37828224631000'],
    ['a long tracking number in one piece', '9400111899223100001234'],
    ['an order number', 'order 4000123456'],
    ['an order number in the 3-7-7 shape (17 digits, Luhn-valid)', 'order 402-8888888-8888887'],
    ['a serial number touching letters', 'SN4111111111111111'],
    ['a product barcode (EAN-13, Luhn-valid too)', 'barcode 4021087009447'],
    ['a Luhn-valid 15-digit number that only American Express issues', 'FedEx 455622756540176'],
    ['groups of four after another number', 'USPS 9400 4111 1111 1111 1111 00'],
    ['a phone number', '+44 20 7946 0958'],
    ['a date and an amount', 'on 2024-05-06 I paid 1,234.56 EUR'],
  ])('leaves %s as typed (the same string)', (_, text) => {
    const masked = maskSecrets(text)
    expect(masked.text).toBe(text)
    expect(masked.kinds).toEqual([])
  })
})

describe('maskSecrets: IBANs', () => {
  it('holds examples of at least 30 countries', () => {
    expect(new Set(ibans.map((iban) => iban.slice(0, 2))).size).toBeGreaterThanOrEqual(30)
  })

  it.each(ibans)('masks %s in groups, in one piece and with dashes', (iban) => {
    const compact = iban.replaceAll(' ', '')
    const expected = `${compact.slice(0, 2)}•• •••• •••• ${compact.slice(-4)}`
    for (const written of [iban, compact, iban.replaceAll(' ', '-')]) {
      expect(maskSecrets(`IBAN: ${written}.`)).toEqual({
        text: `IBAN: ${expected}.`,
        kinds: ['iban'],
      })
    }
  })

  it.each([
    ['a wrong check', 'DE88 3704 0044 0532 0130 00'],
    ['a wrong length', 'DE89 3704 0044 0532 0130 0'],
    ['more characters after it', 'DE89 3704 0044 0532 0130 00X'],
    ['an unknown country', 'ZZ89 3704 0044 0532 0130 00'],
    ['letters inside a word', 'XDE89370400440532013000'],
  ])('leaves %s as typed', (_, text) => {
    expect(maskSecrets(text)).toEqual({ text, kinds: [] })
  })
})

describe('maskSecrets: the site owner’s patterns', () => {
  it('masks each match, after the cards and IBANs', () => {
    const masked = maskSecrets('pin 4821, card 4111111111111111, id AB-123-XY', [
      /\bpin \d{4}\b/i,
      /\b[A-Z]{2}-\d{3}-[A-Z]{2}\b/,
    ])
    expect(masked).toEqual({
      text: '••••, card •••• •••• •••• 1111, id ••••',
      kinds: ['card', 'pattern'],
    })
  })

  it('skips empty matches and matches that are masks already', () => {
    const text = 'a text with •••• in it'
    expect(maskSecrets(text, [/z*/, /•+/])).toEqual({ text, kinds: [] })
  })
})

describe('maskSecrets: properties', () => {
  it('returns the same string and no kinds when nothing is hidden', () => {
    const text = `order ${'12345 '.repeat(10)}`
    expect(maskSecrets(text).text).toBe(text)
    expect(maskSecrets(text).kinds).toEqual([])
  })

  it('changes nothing more when masked text is masked again', () => {
    const once = maskSecrets('4111 1111 1111 1111 and GB29 NWBK 6016 1331 9268 19', [/\d{4}/])
    expect(once.kinds).toEqual(['iban', 'card', 'pattern'])
    expect(maskSecrets(once.text, [/\d{4}/])).toEqual({ text: once.text, kinds: [] })
  })
})

/** Reads per character no linear scan needs (the scanners read each character a few times). */
const READ_BUDGET = 100

// A String that counts the characters the scanners read (one by one or in slices): the work, without a clock. Past
// the budget it throws, so a scan gone quadratic fails at once instead of running for hours.
class CountingString extends String {
  reads = 0
  private count(characters: number) {
    this.reads += characters
    if (this.reads > READ_BUDGET * this.length)
      throw new Error(`read more than ${READ_BUDGET} times per character`)
  }
  override charCodeAt(index: number): number {
    this.count(1)
    return super.charCodeAt(index)
  }
  override slice(start?: number, end?: number): string {
    const part = super.slice(start, end)
    this.count(part.length)
    return part
  }
}

const readsPerCharacter = (text: string) => {
  const counted = new CountingString(text)
  maskSecrets(counted as unknown as string)
  return counted.reads / text.length
}

describe('maskSecrets: linear time', () => {
  const MEGABYTE = 1 << 20
  const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length))

  it.each([
    ['one run of digits', '4'],
    ['digits and spaces', '4 '],
    ['digits and dashes', '41-'],
    ['card-like groups', '4111 '],
    ['groups that never pass Luhn', '4111 1111 1111 111'],
    ['IBAN-like starts', 'DE89 '],
    ['IBAN-like runs', 'GB29 NWBK 6016 1331 9268 1 '],
  ])('reads %s of 1 MB a bounded number of times per character', (_, unit) => {
    const small = readsPerCharacter(fill(unit, MEGABYTE / 16))
    const large = readsPerCharacter(fill(unit, MEGABYTE))
    // Linear work reads as often per character at any size; quadratic would read 16 times more.
    expect(large / small).toBeLessThan(1.5)
  })
})
