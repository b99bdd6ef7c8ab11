import { describe, expect, it } from 'vitest'
import { MAX_FILE_NAME, sanitizeFileName } from '../../../server/uploads/file-name'

describe('sanitizeFileName', () => {
  it('keeps an ordinary name, with its words and accents', () => {
    expect(sanitizeFileName('Счёт за май (2).pdf')).toBe('Счёт за май (2).pdf')
  })

  it('keeps only the last path segment, of either kind of separator', () => {
    expect(sanitizeFileName('../../etc/passwd.txt')).toBe('passwd.txt')
    expect(sanitizeFileName('C:\\Users\\me\\Desktop\\cat.png')).toBe('cat.png')
  })

  it('drops bidi overrides and invisible characters that disguise the extension', () => {
    // Shown as "cute-catgnp.exe" reversed: "cute-cat" + RLO + "gnp.exe" reads as "...exe.png".
    expect(sanitizeFileName('cute-cat\u202egnp.exe')).toBe('cute-catgnp.exe')
    expect(sanitizeFileName('in\u200bvoice\u2066.pdf\u2069')).toBe('invoice.pdf')
  })

  it('drops control characters and replaces characters Windows refuses', () => {
    expect(sanitizeFileName('a\u0000b\r\nc\u0007.txt')).toBe('abc.txt')
    expect(sanitizeFileName('what?*"<is>|this:.csv')).toBe('what____is__this_.csv')
  })

  it('drops leading dots (hidden files) and trailing dots and spaces', () => {
    expect(sanitizeFileName('...htaccess.txt')).toBe('htaccess.txt')
    expect(sanitizeFileName('  report.pdf . ')).toBe('report.pdf')
  })

  it('is empty when nothing usable is left', () => {
    expect(sanitizeFileName('')).toBe('')
    expect(sanitizeFileName('../..')).toBe('')
    expect(sanitizeFileName('\u202e\u0000')).toBe('')
  })

  it(`cuts long names to ${MAX_FILE_NAME} characters, keeping the extension`, () => {
    const name = sanitizeFileName(`${'ж'.repeat(300)}.docx`)
    expect([...name]).toHaveLength(MAX_FILE_NAME)
    expect(name.endsWith('ж.docx')).toBe(true)
  })

  it('masks a card number or IBAN in the name, keeping the extension', () => {
    expect(sanitizeFileName('card 4111111111111111.pdf')).toBe('card •••• •••• •••• 1111.pdf')
    expect(sanitizeFileName('DE89370400440532013000.png')).not.toMatch(/0532/)
    // Order numbers and dates stay as typed.
    expect(sanitizeFileName('order-123456 2026-03-02.pdf')).toBe('order-123456 2026-03-02.pdf')
  })
})
