import { describe, expect, it } from 'vitest'
import { backAt, EN_BACK_STRINGS } from '../../../widget/chat/answering/back-at'
import { languageFile } from '../../support/language-files'

// Issue 35, defect 4: when the team is back, in the visitor's language and time zone.
// Sunday 22 November 2026, 10:48 UTC.
const NOW = Date.UTC(2026, 10, 22, 10, 48)
const loadTranslation = languageFile
const en = { lang: 'en', strings: EN_BACK_STRINGS, now: NOW, timeZone: 'UTC' }

describe('backAt', () => {
  it('says the time alone today, the weekday within a week, the date after that', () => {
    expect(backAt(Date.UTC(2026, 10, 22, 15, 0), en)).toBe('Back at 3:00 PM')
    expect(backAt(Date.UTC(2026, 10, 23, 9, 0), en)).toBe('Back Monday at 9:00 AM')
    expect(backAt(Date.UTC(2026, 11, 2, 9, 0), en)).toBe('Back Wednesday, December 2 at 9:00 AM')
  })

  it('reads the day and the time in the visitor’s time zone', () => {
    // NOW is Sunday 21:48 in Sydney (UTC+11): 12:00 UTC is 23:00 there the same Sunday,
    // 15:00 UTC already Monday 02:00, where it is still Sunday in UTC.
    const sydney = { ...en, timeZone: 'Australia/Sydney' }
    expect(backAt(Date.UTC(2026, 10, 22, 12, 0), sydney)).toBe('Back at 11:00 PM')
    expect(backAt(Date.UTC(2026, 10, 22, 15, 0), sydney)).toBe('Back Monday at 2:00 AM')
  })

  it('speaks the visitor’s language', async () => {
    const de = await loadTranslation('de')
    expect(backAt(Date.UTC(2026, 10, 23, 9, 0), { ...en, lang: 'de', strings: de.answering })).toBe(
      'Zurück am Montag um 9:00',
    )
    const ja = await loadTranslation('ja')
    expect(
      backAt(Date.UTC(2026, 10, 22, 15, 0), { ...en, lang: 'ja', strings: ja.answering }),
    ).toBe('15:00に再開します')
  })
})
