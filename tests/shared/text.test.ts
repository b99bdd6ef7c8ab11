import { describe, expect, it } from 'vitest'
import { cutText, MAX_MESSAGE_LENGTH, MAX_TEXT_LENGTH, splitText } from '../../shared/text'
import { OutgoingMessage } from '../../shared/widget-api'

const FAMILY = '👨‍👩‍👧‍👦' // 7 code points joined by ZWJ, 11 UTF-16 units

describe('MAX_TEXT_LENGTH', () => {
  it('is the service limit of 1000 characters (spec section 8)', () => {
    expect(MAX_TEXT_LENGTH).toBe(1000)
  })
})

describe('MAX_MESSAGE_LENGTH', () => {
  it('is twenty parts of MAX_TEXT_LENGTH, and the bound of an outgoing text', () => {
    expect(MAX_MESSAGE_LENGTH).toBe(20 * MAX_TEXT_LENGTH)
    const send = (length: number) =>
      OutgoingMessage.safeParse({ id: 'msg_000001', type: 'text', text: 'x'.repeat(length) })
    expect(send(MAX_MESSAGE_LENGTH).success).toBe(true)
    expect(send(MAX_MESSAGE_LENGTH + 1).success).toBe(false)
  })
})

describe('cutText', () => {
  it('returns text within the limit unchanged', () => {
    const text = 'x'.repeat(MAX_TEXT_LENGTH)
    expect(cutText(text)).toBe(text)
    expect(cutText('')).toBe('')
  })

  it('keeps the first 1000 characters of a longer text', () => {
    const text = `${'a'.repeat(MAX_TEXT_LENGTH)}bcd`
    expect(cutText(text)).toBe('a'.repeat(MAX_TEXT_LENGTH))
  })

  it('drops an emoji whose high surrogate would be the last character', () => {
    const text = `${'a'.repeat(MAX_TEXT_LENGTH - 1)}😀tail`
    expect(cutText(text)).toBe('a'.repeat(MAX_TEXT_LENGTH - 1))
  })

  it('keeps an emoji that ends exactly at the limit', () => {
    const text = `${'a'.repeat(MAX_TEXT_LENGTH - 2)}😀tail`
    expect(cutText(text)).toBe(`${'a'.repeat(MAX_TEXT_LENGTH - 2)}😀`)
  })

  it('takes a custom limit', () => {
    expect(cutText('abcdef', 4)).toBe('abcd')
  })
})

describe('splitText examples', () => {
  it('returns one part for text within the limit, including empty text', () => {
    expect(splitText('Hello')).toEqual(['Hello'])
    expect(splitText('')).toEqual([''])
    expect(splitText('x'.repeat(MAX_TEXT_LENGTH))).toHaveLength(1)
  })

  it('breaks after whitespace, keeping the whitespace with the first part', () => {
    expect(splitText('hello world', 8)).toEqual(['hello ', 'world'])
    expect(splitText('one two three four', 9)).toEqual(['one two ', 'three ', 'four'])
  })

  it('cuts a word longer than the limit at the limit', () => {
    expect(splitText('a'.repeat(2500)).map((part) => part.length)).toEqual([1000, 1000, 500])
  })

  it('never splits a ZWJ family emoji', () => {
    const parts = splitText(FAMILY.repeat(300))
    expect(parts.map((part) => part.length)).toEqual([990, 990, 990, 330])
    for (const part of parts) expect(part).toBe(FAMILY.repeat(part.length / FAMILY.length))
  })

  it('never splits a flag or a skin-toned emoji', () => {
    expect(splitText('ab🇺🇦', 4)).toEqual(['ab', '🇺🇦'])
    expect(splitText('ab👍🏽', 5)).toEqual(['ab', '👍🏽'])
  })

  it('never separates a combining mark from its letter', () => {
    expect(splitText('abe\u0301', 3)).toEqual(['ab', 'e\u0301'])
  })

  it('splits a single grapheme longer than the limit between code points', () => {
    const zalgo = `e${'\u0301'.repeat(25)}`
    const parts = splitText(zalgo, 10)
    expect(parts.join('')).toBe(zalgo)
    expect(parts.map((part) => part.length)).toEqual([10, 10, 6])
  })

  it('keeps surrogate pairs whole inside a grapheme longer than the limit', () => {
    const longFamily = Array.from({ length: 6 }, () => '👩').join('\u200d') // 17 units, one grapheme
    const parts = splitText(longFamily, 4)
    expect(parts.join('')).toBe(longFamily)
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(4)
      expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(part)).toBe(false)
    }
  })

  it('refuses a limit under 2, which could not hold a surrogate pair', () => {
    expect(() => splitText('abc', 1)).toThrow(RangeError)
  })
})
