import type { SettingsInput, SettingsPath, ValueAt } from './settings-paths'

/** A value written by hand in JSON: anything JSON.parse returns. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/** `T` with every key optional at every depth, lists' items included. */
export type DeepPartial<T> = T extends readonly (infer Item)[]
  ? DeepPartial<Item>[]
  : T extends object
    ? { [Key in keyof T]?: DeepPartial<T[Key]> }
    : T

/**
 * The unsaved settings (draft.ts edits them by path), typed by the schema's input
 * (SettingsInput): mid-edit a required field may be empty and a list's item half-filled, so
 * every key is optional at every depth, but every value present has its setting's kind, as
 * the controls write it (a number field a number or nothing, a list a list). The bot's
 * rules are any JSON: their editor (sections/BotSection.tsx) applies whatever parses, and
 * the check beside it (local-check.ts) says what the schema makes of it.
 */
export type SettingsDraft = DeepPartial<Omit<SettingsInput, 'bot'>> & { bot?: Json }

/** What a draft holds at `path` when the setting is there: a control reads and writes it. */
export type DraftValue<Path extends string> = Exclude<ValueAt<SettingsDraft, Path>, undefined>

// A setting's value by the schema, at a path (the bot's too, though its draft is JSON).
type SettingAt<Path extends string> = Exclude<ValueAt<DeepPartial<SettingsInput>, Path>, undefined>

/**
 * The paths of the settings that take a `Kind`: a text field writes text, so it compiles on
 * a text's path (or a reply that may be text) and not on a number's or a fixed choice's.
 */
export type PathTaking<Kind, Path extends SettingsPath = SettingsPath> = Path extends SettingsPath
  ? [Kind] extends [SettingAt<Path>]
    ? Path
    : never
  : never

/** The paths of the settings whose every value is a `Kind` (a choice among fixed values). */
export type PathWithin<Kind, Path extends SettingsPath = SettingsPath> = Path extends SettingsPath
  ? [SettingAt<Path>] extends [Kind]
    ? Path
    : never
  : never
