import { z } from 'zod'

// The widget API's visitor and session: client ids, contact details, identity, the session and
// status routes. Routes: docs/integrators/http-api.md.

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
export const StatusResponse = z.object({ online: z.boolean(), open: z.boolean().optional() })
/** The stream's `status` event: whether an agent can answer (business hours are the poll's). */
export const ChannelStatus = StatusResponse.pick({ online: true })
export type StatusResponse = z.infer<typeof StatusResponse>
