import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Settings } from '../../studio/src/api'
import type {
  DraftValue,
  Json,
  PathTaking,
  PathWithin,
  SettingsDraft,
} from '../../studio/src/settings-draft'

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

describe("a control's path and value", () => {
  it('is typed by the setting at that path', () => {
    expectTypeOf<DraftValue<'offsets.x'>>().toEqualTypeOf<number>()
    expectTypeOf<DraftValue<'invitations.3.when.pages'>>().toEqualTypeOf<string[]>()
    expectTypeOf<DraftValue<'theme'>>().toEqualTypeOf<'light' | 'dark' | 'auto'>()
    // The bot's draft is any JSON its editor parsed.
    expectTypeOf<DraftValue<'bot.rules'>>().toEqualTypeOf<Json>()
  })

  it('compiles only on a setting that takes the control’s kind', () => {
    const text: PathTaking<string>[] = ['greeting', 'title', 'bot.rules.2.reply']
    const number: PathTaking<number>[] = ['offsets.x']
    const choice: PathWithin<string | boolean>[] = ['theme', 'position']
    // @ts-expect-error a text field on a number's path
    const textOnNumber: PathTaking<string> = 'offsets.x'
    // @ts-expect-error free text on a fixed choice
    const textOnChoice: PathTaking<string> = 'theme'
    // @ts-expect-error a number field on a text's path
    const numberOnText: PathTaking<number> = 'greeting'
    // @ts-expect-error a select on a free text (its values are not a fixed set)
    const choiceOnList: PathWithin<string | boolean> = 'invitations.0.when.pages'
    expect([
      ...text,
      ...number,
      ...choice,
      textOnNumber,
      textOnChoice,
      numberOnText,
      choiceOnList,
    ]).toHaveLength(10)
  })
})
