import { z } from 'zod'
import { FileMediaMessage, LocationMessage, TextMessage } from './protocol/chat-channel'
import { RichMessage } from './rich-message'
import { MAX_MESSAGE_LENGTH, MAX_TEXT_LENGTH } from './text'
import { HttpUrl } from './url'

// Porthole's own widget API (widget <-> backend). Routes: ../shared/design.md.
// Error bodies are ErrorBody from ./protocol/errors.

/** A client-generated message id: makes POST /api/messages retries idempotent. */
export const ClientId = z
  .string()
  .min(8, 'must be 8 to 64 characters')
  .max(64, 'must be 8 to 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must use only letters, digits, - and _')
export type ClientId = z.infer<typeof ClientId>

// The same patterns as the widget's widget/protocol/contact-rules.ts (kept zod-free
// there); an empty string is allowed (no value). An e-mail address is what Porthole
// can send to as it is (server/email/): a dot-atom local part (letters of any script,
// digits, RFC 5322's other atext characters; no quotes, commas, brackets or spaces, so
// it can never break a header or name a second recipient), a domain of labels without
// leading or trailing hyphens and a top-level domain of letters, at most 64 characters
// before the @ and 254 in all.
export const CONTACT_EMAIL =
  /^(?:|(?=[^@]{1,64}@)(?=.{6,254}$)[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[A-Za-z0-9-]{1,59}))$/u
/** What a refused e-mail address is told (the offline form, setContact, identify). */
export const CONTACT_EMAIL_PROBLEM = 'must be an e-mail address like name@example.com'
export const CONTACT_PHONE = /^(?:|(?=(?:\D*\d){3})[\d +()-]{5,32})$/
/** Contact details a customer gives (offline form, setContact, the bot's contact request). */
export const Contact = z.object({
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(320).regex(CONTACT_EMAIL, CONTACT_EMAIL_PROBLEM).optional(),
  phone: z
    .string()
    .trim()
    .regex(CONTACT_PHONE, 'must be a phone number: 5 to 32 digits, spaces, +, -, ( and )')
    .optional(),
})
export type Contact = z.infer<typeof Contact>

/** The longest user id identity verification takes (UTF-16 units, as JavaScript counts). */
export const MAX_USER_ID_LENGTH = 128

/** Identity verification: hash = hex HMAC-SHA256(IDENTITY_SECRET, id). */
export const IdentifiedUser = Contact.extend({
  id: z.string().min(1).max(MAX_USER_ID_LENGTH),
  hash: z.string().regex(/^[0-9a-f]{64}$/i, 'must be the hex HMAC-SHA256 of the user id'),
})
export type IdentifiedUser = z.infer<typeof IdentifiedUser>

/**
 * POST /api/session. `{}` starts a new visitor, `{token}` resumes one, `{user}` verifies
 * a logged-in user (with an optional token of the guest session it continues);
 * `{resume}` exchanges an e-mail's resume link (with this device's `token`, kept when the
 * link opens nothing); `contact` updates the profile sent to agents as sender.name/email/phone.
 */
export const SessionRequest = z.object({
  token: z.string().max(512).optional(),
  /** The token of a resume link (`#porthole-resume=<token>`). */
  resume: z.string().max(512).optional(),
  user: IdentifiedUser.optional(),
  contact: Contact.optional(),
})
export type SessionRequest = z.infer<typeof SessionRequest>

/**
 * A contact as the backend holds it: what was given, read back as it is stored (a
 * contact saved before e-mail and phone were checked is still shown to the visitor).
 */
export const StoredContact = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  /** True once this e-mail address unsubscribed from Porthole's e-mails (its link); cleared by a new address. */
  emailUnsubscribed: z.boolean().optional(),
})
export type StoredContact = z.infer<typeof StoredContact>

/** How a resume link's exchange went: `ok`, or why it opened nothing (the session is then another). */
export const RESUME_RESULTS = ['ok', 'expired', 'revoked', 'invalid', 'identify'] as const
export type ResumeResult = (typeof RESUME_RESULTS)[number]

export const SessionResponse = z.object({
  visitorId: z.string(),
  token: z.string(),
  contact: StoredContact,
  /** Only in the answer to `{resume}`. */
  resumed: z.enum(RESUME_RESULTS).optional(),
})
export type SessionResponse = z.infer<typeof SessionResponse>

/**
 * GET /api/status. `online`: an agent can answer; `open: false` only outside the site's
 * business hours (absent when open or when the site has none): the widget then acts as
 * offline (the offline form), or hides when the settings say so.
 */
export const StatusResponse = z.object({ online: z.boolean(), open: z.boolean().optional() })
/** The stream's `status` event: whether an agent can answer (business hours are the poll's). */
export const ChannelStatus = StatusResponse.pick({ online: true })
export type StatusResponse = z.infer<typeof StatusResponse>

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

/** A page rule: `*` matches any run of characters; matched against the page URL's path. */
export const PagePattern = z.string().min(1).max(200)

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

/** A time of day, `HH:MM` from 00:00 to 24:00. */
export const TimeOfDay = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time of day like 09:00 (00:00 to 24:00)')

/**
 * One invitation rule (GET /api/config `invitations`, texts resolved to the visitor's
 * language): shown when every condition given in `when` holds; the first matching rule wins.
 */
export const PublicInvitation = z.object({
  text: z.string().min(1),
  when: z.object({
    /** Path patterns (`*` any run); any may match. */
    pages: z.array(PagePattern).optional(),
    secondsOnPage: z.number().nonnegative().optional(),
    secondsOnSite: z.number().nonnegative().optional(),
    minPageViews: z.number().int().positive().optional(),
    agentsOnline: z.boolean().optional(),
    device: z.enum(DEVICES).optional(),
    /** A pattern matched against document.referrer (`*` any run). */
    referrer: PagePattern.optional(),
    utm: z
      .object({
        source: PagePattern.optional(),
        medium: PagePattern.optional(),
        campaign: PagePattern.optional(),
      })
      .optional(),
    newVisitorsOnly: z.boolean().optional(),
  }),
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

/** POST /api/messages body. */
export const OutgoingMessage = z.discriminatedUnion('type', [
  z.object({
    id: ClientId,
    type: z.literal('text'),
    // The backend splits anything over MAX_TEXT_LENGTH into several messages; this
    // bound only stops abuse.
    text: z
      .string()
      .max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`)
      .refine((text) => text.trim().length > 0, 'must not be empty'),
    /** The page the customer is on (sender.url). */
    url: HttpUrl.optional(),
    /** The invitation text the customer answered (sender.invite). */
    invite: z.string().max(MAX_TEXT_LENGTH).optional(),
  }),
  z.object({ id: ClientId, type: z.enum(['typein', 'typeout']) }),
  /**
   * An attachment uploaded with POST /api/uploads: forwarded as a spec 2.4 `photo`
   * (images) or `document`, or as a text with its link when the service refuses media.
   */
  z.object({
    id: ClientId,
    type: z.literal('file'),
    fileId: z.string().regex(/^[0-9a-f]{48}$/, 'must be the id POST /api/uploads answered'),
    /** A caption (spec 2.4 `text`). */
    text: z
      .string()
      .max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`)
      .optional(),
    url: HttpUrl.optional(),
    invite: z.string().max(MAX_TEXT_LENGTH).optional(),
  }),
])
export type OutgoingMessage = z.infer<typeof OutgoingMessage>

/**
 * POST /api/uploads answer (201): the stored file. `url` serves it; `type` is its
 * Content-Type; images have `width`, `height` and a 320 px wide `thumb`.
 */
export const UploadedFile = z.object({
  id: z.string(),
  url: HttpUrl,
  name: z.string(),
  size: z.number().int().positive(),
  type: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  thumb: HttpUrl.optional(),
})
export type UploadedFile = z.infer<typeof UploadedFile>

export const UploadResponse = z.object({ file: UploadedFile })
export type UploadResponse = z.infer<typeof UploadResponse>

export const AUTHORS = ['visitor', 'agent', 'bot', 'system'] as const
export type Author = (typeof AUTHORS)[number]

/** What a conversation entry shows: a text, a file medium or a location. */
export const EntryContent = z.discriminatedUnion('type', [
  TextMessage,
  FileMediaMessage,
  LocationMessage,
])
export type EntryContent = z.infer<typeof EntryContent>

/**
 * Why a conversation ended: the service closed the chat (the bot provider learnt it as
 * CHAT_CLOSED), or nothing was written for the site owner's `chatIdleMinutes`.
 */
export const END_REASONS = ['closed', 'idle'] as const
export type EndReason = (typeof END_REASONS)[number]

/** Who took a conversation, as a `system` entry records it (ConversationEntry `joined`). */
export const JOINED_KINDS = ['bot', 'agent'] as const
export type JoinedKind = (typeof JOINED_KINDS)[number]

/** One stored entry of a visitor's conversation log; `id` is the SSE event id. */
export const ConversationEntry = z.object({
  id: z.string(),
  /** The widget's ClientId for the visitor's own messages (one per part when split). */
  clientId: z.string().optional(),
  author: z.enum(AUTHORS),
  /** Agent (or bot) name and avatar, when known. */
  name: z.string().optional(),
  photo: HttpUrl.optional(),
  content: EntryContent,
  /** Milliseconds since the epoch. */
  at: z.number(),
  /**
   * Set on the `system` entry that ends a conversation (its text is an English fallback):
   * the widget shows a separator, and the customer's next message starts a new one.
   */
  ended: z.enum(END_REASONS).optional(),
  /**
   * A message of Porthole's own bot that arrived as its plain-text fallback (`content`):
   * its buttons or Markdown as the bot sent them (server/rich-replies/).
   */
  rich: RichMessage.optional(),
  /**
   * Set on a `system` entry that says who took the conversation (its text is an English
   * fallback): `bot` when Porthole's bot began answering it, `agent` when the service's
   * AGENT_JOINED reached the bot. The widget shows "Anna joined the conversation" from these
   * and the agents' first messages (widget/chat/answering/).
   */
  joined: z.enum(JOINED_KINDS).optional(),
})
export type ConversationEntry = z.infer<typeof ConversationEntry>

/**
 * One customer message's lifecycle on the backend, the source of truth (the widget adds
 * its own `queued` before the backend has the message):
 * - `pending`: stored; being forwarded, with the service's fast retries (3 × 3 s);
 * - `delayed`: the service kept failing; retried with backoff until A2_GIVE_UP_HOURS;
 * - `sent`: the service accepted every part (final);
 * - `failed`: the service refused it (4xx) or the give-up time passed (final; the
 *   visitor may send it again).
 */
export const DELIVERY_STATES = ['sent', 'pending', 'delayed', 'failed'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

/**
 * POST /api/messages success. 200 with `sent` when the service accepted every part;
 * 202 with `pending` when the service is failing and the backend keeps retrying (the
 * outcome arrives as a `delivery` event). Typing answers 204 with no body.
 */
export const PostMessageResponse = z.object({
  entries: z.array(ConversationEntry),
  delivery: z.enum(DELIVERY_STATES),
})
export type PostMessageResponse = z.infer<typeof PostMessageResponse>

/** An entry id of this visitor's log (as in SSE `id:`), as sent back by the widget. */
export const EntryId = z.string().min(1).max(64)

/** GET /api/history?before=<entry id>&limit=<n>: older entries, oldest first, at most `limit`. */
export const HistoryQuery = z.object({
  /** Absent: the newest page. */
  before: EntryId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
export type HistoryQuery = z.infer<typeof HistoryQuery>

export const HistoryResponse = z.object({ entries: z.array(ConversationEntry) })
export type HistoryResponse = z.infer<typeof HistoryResponse>

/** POST /api/read: the visitor has seen every entry up to and including `upTo` (any device). */
export const ReadRequest = z.object({ upTo: EntryId })
export type ReadRequest = z.infer<typeof ReadRequest>

/** The answer of POST /api/read and the `read` stream event: the marker now in force (it never moves back). */
export const ReadMarker = z.object({ upTo: EntryId })
export type ReadMarker = z.infer<typeof ReadMarker>

/** The `data` of each SSE event type of GET /api/events, by event name. */
export const StreamEvents = {
  /** A stored entry; the SSE `id:` equals entry.id. */
  message: ConversationEntry,
  /** An agent's typein/typeout (never stored). */
  typing: z.object({ typing: z.boolean(), name: z.string().optional() }),
  /** Channel status changes. */
  status: ChannelStatus,
  /**
   * The visitor's read marker, shared by all devices: sent before the replay of every
   * stream (when one is set) and whenever any device moves it.
   */
  read: ReadMarker,
  /**
   * The visitor's contact as the backend holds it (one profile for the offline form,
   * setContact, identify and the bot's question): sent before the replay of every stream
   * (when one is known) and whenever it changes.
   */
  contact: StoredContact,
  /** A change of a visitor message's state (see DELIVERY_STATES). */
  delivery: z.object({
    clientId: z.string(),
    state: z.enum(DELIVERY_STATES),
    error: z.string().optional(),
  }),
} as const
export type StreamEventName = keyof typeof StreamEvents
export type StreamEvent = {
  [K in StreamEventName]: { event: K; data: z.infer<(typeof StreamEvents)[K]> }
}[StreamEventName]

/** Parses one SSE event of GET /api/events; undefined for unknown names or bad data. */
export function parseStreamEvent(event: string, data: string): StreamEvent | undefined {
  // hasOwn, not `in`: names like `toString` are inherited properties, not event types.
  if (!Object.hasOwn(StreamEvents, event)) return undefined
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return undefined
  }
  const schema = StreamEvents[event as StreamEventName]
  const parsed = schema.safeParse(json)
  return parsed.success ? ({ event, data: parsed.data } as StreamEvent) : undefined
}
