import type { SettingsInput } from './settings-paths'

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
