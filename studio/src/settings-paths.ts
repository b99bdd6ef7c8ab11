import type { z } from 'zod'
import type { BotSettings } from '../../shared/settings/bot-rules'
import type { SettingsFile } from '../../shared/settings/settings-file'

// The schema types every place a setting is named: the fields' paths, the field lists, the
// sections' settings; and the draft (settings-draft.ts), loosened for what mid-edit holds.

/**
 * The settings file as the studio edits it: what the schema takes (defaults optional);
 * `bot` with the bot's own schema (the file's schema checks it apart).
 */
export type SettingsInput = Omit<z.input<typeof SettingsFile>, 'bot'> & {
  bot?: z.input<typeof BotSettings>
}

// Depth guard for the recursive path types (the settings nest six levels at most).
type Deeper = [never, 0, 1, 2, 3, 4, 5, 6, 7]

/**
 * Every dotted path into `T`: object keys joined by dots, and `Index` for a list's items
 * (`${number}` for a path into a draft, `#` for "any item" in the field lists).
 */
export type PathsOf<T, Index extends string, Depth extends number = 8> = [Depth] extends [never]
  ? never
  : T extends readonly (infer Item)[]
    ? Index | `${Index}.${PathsOf<NonNullable<Item>, Index, Deeper[Depth]>}`
    : T extends object
      ? {
          [Key in keyof T & string]-?:
            | Key
            | `${Key}.${PathsOf<NonNullable<T[Key]>, Index, Deeper[Depth]>}`
        }[keyof T & string]
      : never

/** A setting's path in a draft ("invitations.0.text"): a typo does not compile. */
export type SettingsPath = PathsOf<SettingsInput, `${number}`>

/** A setting's path in the field lists, `#` standing for any item ("invitations.#.text"). */
export type FieldPath = PathsOf<SettingsInput, '#'>

// One step down a path: `${number}` into a list's items, a key into an object; distributed
// over a union, so a step into hand-written JSON (the bot's rules) stays JSON.
type Step<T, Key extends string> = T extends readonly (infer Item)[]
  ? Key extends `${number}`
    ? Item
    : never
  : T extends object
    ? Key extends keyof T
      ? T[Key]
      : never
    : never

/** The type at a dotted path of `T` ("invitations.0.text" → the text's type). */
export type ValueAt<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? ValueAt<Step<T, Head>, Rest>
  : Step<T, Path>
