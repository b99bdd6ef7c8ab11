import { describe, expect, it } from 'vitest'
import { fieldLabel } from '../../studio/src/sections/field-labels'

const LABELS: Record<string, Record<string, string>> = {
  'names a setting as the form labels it': {
    title: 'Title',
    color: 'Accent colour',
    'offsets.y': 'Bottom offset (px)',
    'email.afterSeconds': 'E-mail: Send after (seconds unread)',
  },
  'adds the language of a per-language text': {
    'title.en': 'Title (English)',
    'greeting.ru': 'Greeting (Русский)',
    'invitations.2.text.pt-BR': 'Invitation rule 3: Invitation text (pt-BR)',
  },
  'reads list indexes as positions, and names a deeper path by its labelled field': {
    'invitations.0.when.minPageViews': 'Invitation rule 1: At least this many page views',
    'bot.rules.4.keywords': 'Bot rule 5: Keywords',
    'businessHours.weekly.mon.0.to': 'Business hours: Monday',
  },
  'keeps a path no control edits as written': {
    '(settings)': '(settings)',
    colour: 'colour',
  },
}

describe.each(Object.entries(LABELS))('fieldLabel %s', (_, labels) => {
  it.each(Object.entries(labels))('%s → %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label)
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
