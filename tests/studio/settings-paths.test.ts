import { describe, expect, it } from 'vitest'
import type { FieldPath, SettingsPath } from '../../studio/src/settings-paths'

// The types are the test: `npm run typecheck` (run before the suite) fails when a path the
// schema has is refused or when a typo compiles (an unused @ts-expect-error is an error).
describe("the studio's setting paths", () => {
  it("take the schema's paths and refuse what it lacks", () => {
    const paths: SettingsPath[] = [
      'title',
      'invitations.3.when.utm.source',
      'bot.rules.0.reply',
      'businessHours.weekly.mon',
      'privacy.maskPatterns',
    ]
    const listed: FieldPath[] = ['invitations.#.when.pages', 'bot.rules.#', 'offsets.x']
    // @ts-expect-error a typo in a key
    const typo: SettingsPath = 'invitations.3.when.utm.sourc'
    // @ts-expect-error an item of a list is named by its index
    const noIndex: SettingsPath = 'invitations.text'
    // @ts-expect-error the field lists say `#` for any item
    const numbered: FieldPath = 'invitations.0.text'
    expect([...paths, ...listed, typo, noIndex, numbered]).toHaveLength(11)
  })
})
