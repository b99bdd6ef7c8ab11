import { isRecord } from '../../shared/is-record'
import { DEFAULT_SETTINGS, publicConfigOf } from '../../shared/settings/public-config'
import { type Settings as ParsedSettings, SettingsFile } from '../../shared/settings/settings-file'
import { resolveText } from '../../shared/settings/site-text'
import { LANGUAGES, type Language, type PublicConfig } from '../../shared/widget-api'
import type { Settings } from './api'

// What the widget gets in the preview: the unsaved settings through the very projection
// visitors get (shared/settings/public-config.ts), plus only the preview's own overrides.

/** The widget's languages (LANGUAGES): the preview's choice and the texts' tabs. */
export const STUDIO_LANGUAGES = LANGUAGES
export type StudioLanguage = Language

/** The invitation rules of settings, the old single `invite` read as one rule. */
export function invitationRules(settings: Settings): Record<string, unknown>[] {
  if (Array.isArray(settings.invitations)) return settings.invitations.filter(isRecord)
  if (!isRecord(settings.invite)) return []
  const { text, delaySeconds, pages } = settings.invite
  return [{ text, when: { secondsOnPage: delaySeconds, pages } }]
}

const SHAPE = SettingsFile.in.shape
type Key = keyof typeof SHAPE

/**
 * The draft as settings, leniently: each top-level key is checked on its own, and a key
 * that does not pass (a field mid-edit) keeps its default, so the preview keeps showing
 * while the field shows its own error. The bot's rules are left out (never public).
 */
export function lenientSettings(draft: Settings): ParsedSettings {
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(draft)) {
    if (key === 'bot' || !(key in SHAPE)) continue
    if (SHAPE[key as Key].safeParse(value).success) kept[key] = value
  }
  // The checks across keys: the old invite and invitations are not both kept.
  const parsed = SettingsFile.safeParse(kept)
  if (parsed.success) return parsed.data
  const { invite: _invite, ...rest } = kept
  return SettingsFile.safeParse(rest).data ?? DEFAULT_SETTINGS
}

/**
 * The public config the preview mounts the widget with: what a visitor reading `lang`
 * would get, with the preview's own choices over it (the language picked, the invitation
 * on demand only, the hours open: the online/offline switch plays them). The sound setting
 * stays: it puts the mute toggle in the window's menu as visitors get it (no agent answers
 * in the preview, so nothing plays).
 */
export function previewConfig(draft: Settings, lang: StudioLanguage): PublicConfig {
  const settings = lenientSettings(draft)
  const config = publicConfigOf(settings, lang, Date.now())
  return {
    ...config,
    lang,
    // The preview shows the invitation on demand ("Show invitation now"), never on a timer.
    invite: undefined,
    invitations: undefined,
    ...(config.businessHours
      ? { businessHours: { outside: config.businessHours.outside, openNow: true } }
      : {}),
    statusPollSeconds: 3600,
  }
}

/** The text "Show invitation now" shows: the first rule's, in the preview's language. */
export function previewInviteText(draft: Settings, lang: StudioLanguage): string {
  const settings = lenientSettings(draft)
  for (const rule of settings.invitations) {
    const text = resolveText(rule.text, lang, settings.defaultLang)
    if (text.trim()) return text
  }
  return lang === 'ru' ? 'Здравствуйте! Чем можем помочь?' : 'Hi! Can we help you find something?'
}
