import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONFIRM_TEXTS } from '../../server/email/render/confirm-texts'
import { EMAIL_TEXTS } from '../../server/email/render/email-texts'
import { TRANSCRIPT_TEXTS } from '../../server/email/render/transcript-texts'
import { LANGUAGES, RTL_LANGUAGES } from '../../shared/widget-api'

const read = (page: string) => readFileSync(page, 'utf8')
const LANGUAGE_NAMES_EN: Record<string, string> = { ar: 'Arabic', he: 'Hebrew', fa: 'Persian' }

// Issue 35, defect 11: the e-mail page said "English, Russian" long after the e-mails
// were written in every language of the widget.
describe('what the docs say of the e-mails’ languages', () => {
  it('holds: every e-mail is written in every widget language', () => {
    for (const texts of [EMAIL_TEXTS, TRANSCRIPT_TEXTS, CONFIRM_TEXTS])
      expect(Object.keys(texts).sort()).toEqual([...LANGUAGES].sort())
  })

  it('the e-mail page gives the count, the list and the right-to-left ones', () => {
    const item = /- \*\*Language\*\*:[\s\S]*?(?=\n- \*\*)/.exec(
      read('docs/site-owners/email.md'),
    )?.[0]
    expect(item).toContain(`the widget's ${LANGUAGES.length} languages`)
    expect(item).toContain('(embedding.md#languages)')
    for (const lang of RTL_LANGUAGES) expect(item).toContain(LANGUAGE_NAMES_EN[lang])
  })

  it('the languages list holds every language the e-mails are written in', () => {
    const page = read('docs/site-owners/embedding.md')
    const section = page.slice(page.indexOf('## Languages'), page.indexOf('## Size'))
    for (const lang of LANGUAGES) expect(section, lang).toContain(`| \`${lang}\` |`)
    expect(section).not.toMatch(/e-mails are in English/)
  })
})
