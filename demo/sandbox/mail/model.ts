import { z } from 'zod'

// The sandbox's mailbox as the control API and the console show it, defined once: the
// sandbox builds these, the console parses them with the same schemas.

/** One "Reply as the visitor" sent from the console to Porthole's inbound route. */
export const MailReply = z.object({
  at: z.number(),
  text: z.string(),
  /** The inbound route's HTTP status, or undefined when it could not be reached. */
  status: z.number().optional(),
  /** What went wrong, in words (unreachable, refused). */
  error: z.string().optional(),
})
export type MailReply = z.infer<typeof MailReply>

/** An e-mail in the list: enough to find it. */
export const MailSummary = z.object({
  id: z.string(),
  receivedAt: z.number(),
  /** The envelope's sender (MAIL FROM) and recipients (RCPT TO), as the SMTP client gave them. */
  envelopeFrom: z.string(),
  envelopeTo: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The Reply-To header: where "Reply as the visitor" sends. */
  replyTo: z.string().optional(),
  replies: z.array(MailReply),
})
export type MailSummary = z.infer<typeof MailSummary>

/** One e-mail whole: its headers in order, both parts, and its raw size. */
export const MailDetail = MailSummary.extend({
  messageId: z.string().optional(),
  date: z.number().optional(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  text: z.string().optional(),
  html: z.string().optional(),
  size: z.number(),
})
export type MailDetail = z.infer<typeof MailDetail>

/** The mailbox's own state: where it listens, whether it refuses mail, where replies go. */
export const MailboxState = z.object({
  /** `smtp://host:port`, or undefined when no SMTP server runs (an in-process sandbox). */
  smtpUrl: z.string().optional(),
  /** True while the SMTP server answers 451 to every recipient (an outage, on purpose). */
  down: z.boolean(),
  /** True when "Reply as the visitor" has an inbound route to post to. */
  canReply: z.boolean(),
})
export type MailboxState = z.infer<typeof MailboxState>
