import type { PublicConfig, PublicInvitation } from '../../shared/widget-api'
import { isOpenAt } from '../config/business-hours'
import { isLegacyRule } from '../config/invitation-rule'
import type { Settings } from '../config/settings'
import { resolveText, type SiteText } from '../config/site-text'

/**
 * What GET /api/config answers (and widget.js carries) for a visitor reading `lang`:
 * every text in that language (else the default's), `invite` from the first rule today's
 * widget can evaluate, business hours with `openNow` at `now`. Never a secret: the bot's
 * rules are not public.
 */
export function publicConfigOf(settings: Settings, lang: string, now: number): PublicConfig {
  const text = (value: SiteText) => resolveText(value, lang, settings.defaultLang)
  const invitations: PublicInvitation[] = settings.invitations.map((rule) => ({
    text: text(rule.text),
    when: rule.when,
    frequency: rule.frequency,
  }))
  const legacy = settings.invitations.findIndex(isLegacyRule)
  const first = invitations[legacy]
  const config: PublicConfig = {
    title: text(settings.title),
    color: settings.color,
    position: settings.position,
    ...(settings.lang ? { lang: settings.lang } : {}),
    ...(settings.greeting !== undefined ? { greeting: text(settings.greeting) } : {}),
    ...(settings.offlineText !== undefined ? { offlineText: text(settings.offlineText) } : {}),
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
    invitations,
    offlineForm: {
      ...(settings.offlineForm.intro !== undefined
        ? { intro: text(settings.offlineForm.intro) }
        : {}),
      fields: settings.offlineForm.fields,
    },
    launcherLabel: settings.launcherLabel,
    theme: settings.theme,
    offsets: settings.offsets,
  }
  if (settings.businessHours) {
    config.businessHours = {
      ...settings.businessHours,
      openNow: isOpenAt(settings.businessHours, now),
    }
  }
  return config
}
