import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Settings } from '../../studio/src/api'
import type { SettingsDraft } from '../../studio/src/settings-draft'

// The types are the test: `npm run typecheck` (run before the suite) fails when a draft
// the studio may hold mid-edit is refused or when a value of the wrong kind compiles (an
// unused @ts-expect-error is an error).
describe("the studio's draft", () => {
  it("is the schema's input, every key optional at every depth", () => {
    const midEdit: SettingsDraft[] = [
      {},
      { theme: 'dark', offsets: { x: 12 } },
      { invitations: [{ when: { pages: ['/pricing'] } }] },
      { title: { en: 'Chat', de: '' } },
      // The bot's editor applies any JSON that parses.
      { bot: { rules: 'not yet' } },
    ]
    // @ts-expect-error a theme the schema does not have
    const blue: SettingsDraft = { theme: 'blue' }
    // @ts-expect-error a number field holds a number or nothing, never text
    const typed: SettingsDraft = { offsets: { x: '12' } }
    // @ts-expect-error a key the schema lacks
    const typo: SettingsDraft = { titel: 'Chat' }
    expectTypeOf<Settings>().toEqualTypeOf<SettingsDraft>()
    expect([...midEdit, blue, typed, typo]).toHaveLength(8)
  })
})
