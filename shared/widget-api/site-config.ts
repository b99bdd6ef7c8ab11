import { z } from 'zod'
import { HttpUrl } from '../url'
import { ConsentVersion } from './consent'
import {
  DEVICES,
  INVITE_FREQUENCIES,
  LANGUAGES,
  LAUNCHER_LABELS,
  OFFLINE_FORM_FIELDS,
  OUTSIDE_HOURS,
  THEMES,
  WIDGET_POSITIONS,
} from './values'

// The widget API's public settings: GET /api/config and the enumerations the settings use.

/** A page rule: `*` matches any run of characters; matched against the page URL's path. */
export const PagePattern = z.string().min(1).max(200)

/** A time of day, `HH:MM` from 00:00 to 24:00. */
export const TimeOfDay = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time of day like 09:00 (00:00 to 24:00)')

const seconds = z
  .number()
  .nonnegative('must be 0 or more')
  .max(86_400, 'must be at most 86400 (a day)')

/**
 * When an invitation shows: every condition given must hold (none given: always). The
 * settings' rules (`invitations[].when`) and the config visitors get carry the same.
 */
export const InvitationConditions = z.strictObject({
  /** Path patterns (`*` matches any run of characters); any may match (an empty list: no page). */
  pages: z.array(PagePattern).max(100).optional(),
  secondsOnPage: seconds.optional(),
  secondsOnSite: seconds.optional(),
  minPageViews: z.number().int('must be a whole number').min(1).max(1000).optional(),
  agentsOnline: z.boolean().optional(),
  device: z.enum(DEVICES).optional(),
  /** Matched against the referring page's URL (`*` any run). */
  referrer: PagePattern.optional(),
  utm: z
    .strictObject({
      source: PagePattern.optional(),
      medium: PagePattern.optional(),
      campaign: PagePattern.optional(),
    })
    .optional(),
  newVisitorsOnly: z.boolean().optional(),
})
export type InvitationConditions = z.infer<typeof InvitationConditions>

/**
 * One invitation rule (GET /api/config `invitations`, texts resolved to the visitor's
 * language): shown when every condition given in `when` holds; the first matching rule wins.
 */
export const PublicInvitation = z.object({
  text: z.string().min(1),
  when: InvitationConditions,
  frequency: z.enum(INVITE_FREQUENCIES),
})
export type PublicInvitation = z.infer<typeof PublicInvitation>

/**
 * Business hours as the widget needs them: what to do outside them, and whether they are
 * open as the config was made (`openNow`, computed by the backend in the settings'
 * timezone). widget.js is cached, so the widget learns the change at the hour from
 * GET /api/status (`open`); the weekly hours themselves never leave the backend.
 */
export const PublicBusinessHours = z.object({
  outside: z.enum(OUTSIDE_HOURS),
  openNow: z.boolean(),
})
export type PublicBusinessHours = z.infer<typeof PublicBusinessHours>

export const PublicOfflineForm = z.object({
  intro: z.string().optional(),
  fields: z.record(
    z.enum(OFFLINE_FORM_FIELDS),
    z.object({ shown: z.boolean(), required: z.boolean() }),
  ),
})
export type PublicOfflineForm = z.infer<typeof PublicOfflineForm>

/**
 * What customers may attach (POST /api/uploads), from UPLOAD_MAX_MB and UPLOAD_TYPES.
 * Sent only when it differs from the defaults: 10 MiB, every type.
 */
export const PublicUploads = z.object({
  /** The largest file, in bytes. */
  maxBytes: z.number().int().positive(),
  /** The accepted types by name (png, jpeg, gif, webp, pdf, txt, csv, docx, xlsx, odt, zip). */
  types: z.array(z.string().min(1)).min(1),
})
export type PublicUploads = z.infer<typeof PublicUploads>

/**
 * Fields added with the settings studio, optional: today's widget ignores them (it reads
 * `invite`, filled from the first rule it can evaluate); the next one adopts them. Each is
 * sent only when it differs from today's behaviour, so absent means: no invitation rules,
 * always open, every offline-form field shown (the message required), no launcher label,
 * the visitor's light or dark theme, 20 px offsets.
 */
export const PUBLIC_CONFIG_ADDITIONS = {
  invitations: z.array(PublicInvitation).optional(),
  businessHours: PublicBusinessHours.optional(),
  offlineForm: PublicOfflineForm.optional(),
  launcherLabel: z.enum(LAUNCHER_LABELS).optional(),
  theme: z.enum(THEMES).optional(),
  /** Distance of the launcher from the window's edges, in CSS pixels. */
  offsets: z.object({ x: z.number(), y: z.number() }).optional(),
  /** Absent: attachments up to 10 MiB of every type (the chat reads it when a file is attached). */
  uploads: PublicUploads.optional(),
  /**
   * What the end of a conversation offers (settings email.rating; e-mail on): absent
   * means a thumbs rating and no transcript.
   */
  ended: z
    .object({
      rating: z.enum(['none', 'stars']).optional(),
      transcript: z.literal(true).optional(),
    })
    .optional(),
  /**
   * The team shown while nobody has joined (settings `team`; sent when it shows
   * something): up to three photos and the usual reply time. Read by the chat's team
   * chunk from GET /api/config (widget/chat/answering/).
   */
  team: z
    .object({
      avatars: z.array(HttpUrl).max(3).optional(),
      replyTime: z.enum(['minutes', 'hour', 'day']).optional(),
    })
    .optional(),
  /**
   * The site owner's own masking patterns (settings privacy.maskPatterns): the widget
   * hides their matches, as it hides card numbers and IBANs, before a message is sent.
   */
  maskPatterns: z.array(z.string()).optional(),
  /**
   * The consent step (settings `privacy.consent` "required"; absent: none): the text in
   * the visitor's language (absent: the widget's own), the privacy policy's link, and the
   * text's version, which the visitor's agreement is stored and recorded with (a new
   * version asks again). Read by the consent chunk (widget/chat/privacy/).
   */
  consent: z
    .object({
      version: ConsentVersion,
      text: z.string().optional(),
      policyUrl: HttpUrl.optional(),
    })
    .optional(),
  /**
   * The pre-chat form (settings `preChat`; absent: none): the fields shown in order, those
   * required, and the consent checkbox's text (absent: the widget's own), link and
   * version, which the visitor's agreement is recorded with. Read by the pre-chat chunk
   * (widget/chat/pre-chat/).
   */
  preChat: z
    .object({
      fields: z.array(z.enum(['name', 'email', 'phone', 'consent'])).min(1),
      required: z.array(z.enum(['name', 'email', 'phone'])),
      consent: z
        .object({ version: ConsentVersion, text: z.string().optional(), url: HttpUrl.optional() })
        .optional(),
    })
    .optional(),
}
export type PublicConfigAdditions = typeof PUBLIC_CONFIG_ADDITIONS

/** GET /api/config: the site owner's public settings, texts in one language. Never secrets. */
export const PublicConfig = z.object({
  title: z.string(),
  color: z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour like #1f6feb'),
  position: z.enum(WIDGET_POSITIONS),
  /** Absent: chosen from navigator.language. */
  lang: z.enum(LANGUAGES).optional(),
  greeting: z.string().optional(),
  offlineText: z.string().optional(),
  invite: z
    .object({
      text: z.string().min(1),
      delaySeconds: z.number().nonnegative(),
      pages: z.array(PagePattern).optional(),
    })
    .optional(),
  sound: z.boolean(),
  statusPollSeconds: z.number().positive(),
  ...PUBLIC_CONFIG_ADDITIONS,
})
export type PublicConfig = z.infer<typeof PublicConfig>
