import { isRecord } from '../../shared/is-record'
import { LANGUAGES, type Language } from '../../shared/widget-api'
import type { Settings } from './api'

// What the widget gets in the preview: the unsaved settings as GET /api/config would
// answer a visitor in `lang` (texts resolved to that language, else the default
// language, else any), in the shape today's widget reads (widget/protocol/public-config.ts).

/** The widget's languages (LANGUAGES): the preview's choice and the texts' tabs. */
export const STUDIO_LANGUAGES = LANGUAGES
export type StudioLanguage = Language

/** A text setting (a string, or `{ "<lang>": "…" }`) in one language. */
export function resolveText(
  value: unknown,
  lang: string,
  defaultLang: string | undefined,
): string | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined
  if (!isRecord(value)) return undefined
  for (const candidate of [lang, defaultLang, ...Object.keys(value)]) {
    const text = candidate === undefined ? undefined : value[candidate]
    if (typeof text === 'string' && text.trim()) return text
  }
  return undefined
}

/** The invitation rules of settings, the old single `invite` read as one rule. */
export function invitationRules(settings: Settings): Record<string, unknown>[] {
  if (Array.isArray(settings.invitations)) return settings.invitations.filter(isRecord)
  if (!isRecord(settings.invite)) return []
  const { text, delaySeconds, pages } = settings.invite
  return [{ text, when: { secondsOnPage: delaySeconds, pages } }]
}

const VALID_COLOUR = /^#[0-9a-fA-F]{3,8}$/

/** The value when it is one of the allowed ones, else undefined (the widget's default). */
const oneOf = (value: unknown, allowed: readonly string[]): string | undefined =>
  typeof value === 'string' && allowed.includes(value) ? value : undefined

/**
 * The public config the preview mounts the widget with. Invalid values fall back to the
 * widget's defaults so the preview keeps showing while a field is mid-edit (the field
 * shows its own error).
 */
export function previewConfig(settings: Settings, lang: StudioLanguage): Record<string, unknown> {
  const defaultLang = typeof settings.defaultLang === 'string' ? settings.defaultLang : undefined
  const text = (key: string) => resolveText(settings[key], lang, defaultLang)
  const colour = typeof settings.color === 'string' ? settings.color.trim() : ''
  const offlineForm = isRecord(settings.offlineForm) ? settings.offlineForm : undefined
  const offsets = isRecord(settings.offsets) ? settings.offsets : {}
  const hours = isRecord(settings.businessHours) ? settings.businessHours : undefined
  return {
    ...settings,
    bot: undefined,
    title: text('title') ?? 'Chat with us',
    color: VALID_COLOUR.test(colour) ? colour : '#1f6feb',
    position: settings.position === 'bottom-left' ? 'bottom-left' : 'bottom-right',
    lang,
    greeting: text('greeting'),
    offlineText: text('offlineText'),
    // The preview shows the invitation on demand ("Show invitation now"), never on a timer.
    invite: undefined,
    invitations: undefined,
    // The look, as the widget reads it (a value mid-edit: the widget's default).
    theme: oneOf(settings.theme, ['light', 'dark', 'auto']),
    launcherLabel: oneOf(settings.launcherLabel, ['always', 'hover', 'never']),
    offsets:
      Number.isFinite(offsets.x) && Number.isFinite(offsets.y)
        ? { x: offsets.x, y: offsets.y }
        : undefined,
    // Open: the preview's online/offline switch plays the hours (the widget hides outside
    // them only when the settings say so, which the offline switch does not show).
    businessHours: hours && {
      outside: hours.outside === 'hide' ? 'hide' : 'offline-form',
      openNow: true,
    },
    offlineForm: offlineForm && {
      ...offlineForm,
      intro: resolveText(offlineForm.intro, lang, defaultLang),
    },
    sound: false,
    statusPollSeconds: 3600,
  }
}

/** The text "Show invitation now" shows: the first rule's, in the preview's language. */
export function previewInviteText(settings: Settings, lang: StudioLanguage): string {
  const defaultLang = typeof settings.defaultLang === 'string' ? settings.defaultLang : undefined
  for (const rule of invitationRules(settings)) {
    const text = resolveText(rule.text, lang, defaultLang)
    if (text) return text
  }
  return lang === 'ru' ? 'Здравствуйте! Чем можем помочь?' : 'Hi! Can we help you find something?'
}
