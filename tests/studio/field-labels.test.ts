import { describe, expect, it } from 'vitest'
import { fieldLabel } from '../../studio/src/sections/field-labels'

describe('fieldLabel', () => {
  it('names a setting as the form labels it', () => {
    expect(fieldLabel('title')).toBe('Title')
    expect(fieldLabel('color')).toBe('Accent colour')
    expect(fieldLabel('offsets.y')).toBe('Bottom offset (px)')
    expect(fieldLabel('email.afterSeconds')).toBe('E-mail: Send after (seconds unread)')
  })

  it('adds the language of a per-language text', () => {
    expect(fieldLabel('title.en')).toBe('Title (English)')
    expect(fieldLabel('greeting.ru')).toBe('Greeting (Русский)')
    expect(fieldLabel('invitations.2.text.pt-BR')).toBe(
      'Invitation rule 3: Invitation text (pt-BR)',
    )
  })

  it('reads list indexes as positions, and names a deeper path by its labelled field', () => {
    expect(fieldLabel('invitations.0.when.minPageViews')).toBe(
      'Invitation rule 1: At least this many page views',
    )
    expect(fieldLabel('bot.rules.4.keywords')).toBe('Bot rule 5: Keywords')
    expect(fieldLabel('businessHours.weekly.mon.0.to')).toBe('Business hours: Monday')
  })

  it('keeps a path no control edits as written', () => {
    expect(fieldLabel('(settings)')).toBe('(settings)')
    expect(fieldLabel('colour')).toBe('colour')
  })
})

describe('the sections’ field lists', () => {
  it('name only settings the schema knows', async () => {
    const { SECTION_FIELDS } = await import('../../studio/src/sections/section-fields')
    const { SettingsFile } = await import('../../shared/settings/settings-file')
    const topLevel = Object.keys(SettingsFile.in.shape)
    for (const list of Object.values(SECTION_FIELDS))
      for (const path of Object.keys(list.fields))
        expect(topLevel, path).toContain(path.split('.')[0])
  })
})
