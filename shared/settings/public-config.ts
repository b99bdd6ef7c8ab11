import { DEFAULT_UPLOADS } from '../upload-types'
import type { PublicConfig, PublicInvitation, PublicUploads } from '../widget-api'
import { keptDefault, writtenIn } from './built-in-translations'
import { isOpenAt } from './business-hours'
import { isLegacyRule } from './invitation-rule'
import { preChatConsentVersion } from './pre-chat'
import { consentVersion } from './privacy-settings'
import { type Settings, SettingsFile } from './settings-file'
import { resolveText, type SiteText } from './site-text'
import { WIDGET_OFFLINE_TEXT } from './widget-default-texts'

// What visitors get of the site owner's settings: the backend answers it (GET /api/config,
// widget.js) and the studio's preview mounts the widget with it, so the preview shows
// exactly what visitors get.

/** Every setting's default: the settings of an empty file. */
export const DEFAULT_SETTINGS: Settings = SettingsFile.parse({})
const DEFAULTS = DEFAULT_SETTINGS
const DEFAULT_FIELDS = DEFAULTS.offlineForm.fields
/**
 * What GET /api/config answers (and widget.js carries) for a visitor reading `lang`:
 * every text in that language (else the default's), the invitation rules (one simple rule
 * as the old `invite`), business hours with `openNow` at `now`. Never a secret: the bot's
 * rules are not public. `uploads` (config.uploads) is sent when it is not DEFAULT_UPLOADS.
 */
export function publicConfigOf(
  settings: Settings,
  lang: string,
  now: number,
  uploads?: PublicUploads,
  /** E-mail is on (SMTP_URL): the end of a conversation offers its transcript. */
  email?: boolean,
): PublicConfig {
  const text = (value: SiteText) => resolveText(value, lang, settings.defaultLang)
  const invitations: PublicInvitation[] = settings.invitations.map((rule) => ({
    text: text(rule.text),
    when: rule.when,
    frequency: rule.frequency,
  }))
  // One rule of the old kind (a delay and pages, every page view) goes as the old,
  // shorter `invite`, which the widget shows without loading the rules' code.
  const [only] = settings.invitations
  const simple =
    settings.invitations.length === 1 &&
    only !== undefined &&
    isLegacyRule(only) &&
    only.frequency === 'every-page-view'
  const first = simple ? invitations[0] : undefined
  const config: PublicConfig = {
    title: text(settings.title),
    color: settings.color,
    position: settings.position,
    ...(settings.lang ? { lang: settings.lang } : {}),
    ...(settings.greeting !== undefined ? { greeting: text(settings.greeting) } : {}),
    // Left out where the visitor's language is not the owner's and the owner kept the
    // default: the widget shows its own translation.
    ...(settings.offlineText !== undefined &&
    (writtenIn(settings.offlineText, lang) ||
      !keptDefault(settings.offlineText, WIDGET_OFFLINE_TEXT))
      ? { offlineText: text(settings.offlineText) }
      : {}),
    ...(first
      ? {
          invite: {
            text: first.text,
            delaySeconds: first.when.secondsOnPage ?? 0,
            ...(first.when.pages ? { pages: first.when.pages } : {}),
          },
        }
      : {}),
    sound: settings.sound,
    statusPollSeconds: settings.statusPollSeconds,
  }
  // The additions are sent only when they say something (every byte is in widget.js):
  // absent means no rules, and today's look and offline form.
  if (invitations.length > 0 && !simple) config.invitations = invitations
  const form = settings.offlineForm
  if (form.intro !== undefined || JSON.stringify(form.fields) !== JSON.stringify(DEFAULT_FIELDS)) {
    config.offlineForm = {
      ...(form.intro !== undefined ? { intro: text(form.intro) } : {}),
      fields: form.fields,
    }
  }
  if (settings.launcherLabel !== DEFAULTS.launcherLabel)
    config.launcherLabel = settings.launcherLabel
  if (settings.theme !== DEFAULTS.theme) config.theme = settings.theme
  if (settings.offsets.x !== DEFAULTS.offsets.x || settings.offsets.y !== DEFAULTS.offsets.y)
    config.offsets = settings.offsets
  if (
    uploads &&
    (uploads.maxBytes !== DEFAULT_UPLOADS.maxBytes ||
      uploads.types.join() !== DEFAULT_UPLOADS.types.join())
  )
    config.uploads = { maxBytes: uploads.maxBytes, types: [...uploads.types] }
  // The end of a conversation: sent only when it is not a thumbs rating without e-mail.
  if (settings.email.rating !== 'thumbs' || email)
    config.ended = {
      ...(settings.email.rating !== 'thumbs' ? { rating: settings.email.rating } : {}),
      ...(email ? { transcript: true } : {}),
    }
  const { avatars, replyTime } = settings.team
  // The team before anyone joins: sent only when there is something to show.
  if (avatars.length > 0 || replyTime !== 'hidden')
    config.team = {
      ...(avatars.length > 0 ? { avatars: [...avatars] } : {}),
      ...(replyTime !== 'hidden' ? { replyTime } : {}),
    }
  // The widget hides these before a message leaves the browser (absent: cards and IBANs only).
  if (settings.privacy.maskPatterns.length > 0)
    config.maskPatterns = [...settings.privacy.maskPatterns]
  const { consent, consentText, policyUrl } = settings.privacy
  // The consent step: its text in this language (absent: the widget's own) and the version
  // of that text with the policy's link, so a visitor who agreed to another is asked again.
  if (consent === 'required') {
    const shown = consentText === undefined ? undefined : text(consentText)
    config.consent = {
      version: consentVersion(shown ?? '', policyUrl),
      ...(shown !== undefined ? { text: shown } : {}),
      ...(policyUrl ? { policyUrl } : {}),
    }
  }
  const preChat = settings.preChat
  // The pre-chat form: its consent's text in this language and the version of all its texts.
  if (preChat.fields.length > 0)
    config.preChat = {
      fields: [...preChat.fields],
      required: [...preChat.required],
      ...(preChat.fields.includes('consent')
        ? {
            consent: {
              version: preChatConsentVersion(preChat.consentText, preChat.consentUrl),
              ...(preChat.consentText !== undefined ? { text: text(preChat.consentText) } : {}),
              ...(preChat.consentUrl ? { url: preChat.consentUrl } : {}),
            },
          }
        : {}),
    }
  if (settings.businessHours) {
    // The widget needs only what to do and whether it is open now: the hours stay here
    // (GET /api/status tells a cached widget.js when they open or close).
    config.businessHours = {
      outside: settings.businessHours.outside,
      openNow: isOpenAt(settings.businessHours, now),
    }
  }
  return config
}
