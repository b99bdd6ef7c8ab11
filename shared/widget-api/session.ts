import { z } from 'zod'
import { EMAIL_PATTERN, EMAIL_PROBLEM, PHONE_PATTERN, PHONE_PROBLEM } from '../contact-rules'

// The widget API's visitor and session: client ids, contact details, identity, the session and
// status routes. Routes: docs/integrators/http-api.md.

/** A client-generated message id: makes POST /api/messages retries idempotent. */
export const ClientId = z
  .string()
  .min(8, 'must be 8 to 64 characters')
  .max(64, 'must be 8 to 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must use only letters, digits, - and _')
export type ClientId = z.infer<typeof ClientId>

/** An optional contact field: empty, or a value that passes the rule (shared/contact-rules.ts). */
const emptyOr = (pattern: RegExp, problem: string) =>
  z.string().refine((value) => value === '' || pattern.test(value), { message: problem })

/** Contact details a customer gives (offline form, setContact, the bot's contact request). */
export const Contact = z.object({
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(320).pipe(emptyOr(EMAIL_PATTERN, EMAIL_PROBLEM)).optional(),
  phone: z.string().trim().pipe(emptyOr(PHONE_PATTERN, PHONE_PROBLEM)).optional(),
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
  /**
   * With `resume`: a random id of this browser, the same for each try, so a retry of an
   * exchange whose answer was lost (or a second tab) gets the conversation again, while
   * any other device is told the link was used.
   */
  device: ClientId.optional(),
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

/**
 * How a resume link's exchange went: `ok`, or why it opened nothing (the session is then
 * the device's own, or a new one): `used` (exchanged on another device already: links
 * work once), `signed_in` (a guest's link on a device signed in as a user: never mixed
 * with the account), `expired`, `revoked`, `invalid`, `identify` (a user's link).
 */
export const RESUME_RESULTS = [
  'ok',
  'expired',
  'revoked',
  'invalid',
  'identify',
  'used',
  'signed_in',
] as const
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
export const StatusResponse = z.object({
  online: z.boolean(),
  open: z.boolean().optional(),
  /** Outside business hours: when they open next (ms since the epoch), if they ever do. */
  opensAt: z.number().int().optional(),
})
/** The stream's `status` event: whether an agent can answer (business hours are the poll's). */
export const ChannelStatus = StatusResponse.pick({ online: true })
export type StatusResponse = z.infer<typeof StatusResponse>
