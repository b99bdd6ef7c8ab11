// The widget API's fixed values, without zod: the schemas (site-config.ts, conversation.ts)
// build on them, and the widget, the studio and the console import them from here, so
// each value is written once.

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left'] as const
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number]

/** The widget's own languages (widget/i18n/languages/): English is built in, every other one a chunk. */
export const LANGUAGES = [
  'en',
  'ru',
  'ar',
  'he',
  'fa',
  'zh',
  'ja',
  'ko',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'uk',
  'cs',
  'sv',
  'da',
  'fi',
  'nb',
  'tr',
  'el',
  'hu',
  'ro',
  'bg',
  'hr',
  'sk',
  'sl',
  'lt',
  'lv',
  'et',
  'id',
  'vi',
  'th',
  'hi',
] as const
/** Written right to left: the widget lays these out so whatever the page's direction. */
export const RTL_LANGUAGES = ['ar', 'he', 'fa'] as const
export type Language = (typeof LANGUAGES)[number]

export const LAUNCHER_LABELS = ['always', 'hover', 'never'] as const
export type LauncherLabel = (typeof LAUNCHER_LABELS)[number]

export const THEMES = ['light', 'dark', 'auto'] as const
export type Theme = (typeof THEMES)[number]

export const INVITE_FREQUENCIES = [
  'once-per-visitor',
  'once-per-session',
  'every-page-view',
] as const
export type InviteFrequency = (typeof INVITE_FREQUENCIES)[number]

export const DEVICES = ['desktop', 'mobile'] as const
export type Device = (typeof DEVICES)[number]

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** What the widget does outside business hours: the offline form, or no widget at all. */
export const OUTSIDE_HOURS = ['offline-form', 'hide'] as const
export type OutsideHours = (typeof OUTSIDE_HOURS)[number]

export const OFFLINE_FORM_FIELDS = ['name', 'email', 'phone', 'message'] as const
export type OfflineFormField = (typeof OFFLINE_FORM_FIELDS)[number]
