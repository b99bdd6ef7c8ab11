import { z } from 'zod'
import { type Backoff, backoffDelay } from '../../shared/backoff'

/**
 * One e-mail's lifecycle: `pending` (stored, attempted until it is answered) → `sent`
 * (the SMTP server took it) | `rejected` (a 5xx: the server refused it for good) |
 * `failed` (still refused or unreachable after the give-up time) | `dropped` (the
 * address unsubscribed before it went out). Only `pending` is active.
 */
export const MAIL_STATES = ['pending', 'sent', 'rejected', 'failed', 'dropped'] as const
export type MailState = (typeof MAIL_STATES)[number]

/** An e-mail as the outbox stores it, rendered once, so every attempt sends the same bytes. */
export const MailItem = z.object({
  visitorId: z.string(),
  /** The visitor's n-th missed-reply e-mail (from 1): part of its key and of its Message-ID. */
  n: z.number().int().positive(),
  /** Stable across attempts and instances, so a resend is recognised as the same e-mail. */
  messageId: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: z.record(z.string(), z.string()),
  replyTo: z.string().optional(),
  /** The entries it carries, oldest first; the newest is the visitor's new e-mailed mark. */
  entryIds: z.array(z.string()).min(1),
  state: z.enum(MAIL_STATES),
  createdAt: z.number(),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.number(),
  /** Set while an attempt is under way: found set by a takeover, the answer was lost. */
  inFlight: z.object({ since: z.number() }).optional(),
  error: z.string().optional(),
  doneAt: z.number().optional(),
})
export type MailItem = z.infer<typeof MailItem>

/** What the rendering adds to a stored e-mail. */
export type ComposedMail = Pick<MailItem, 'subject' | 'text' | 'html' | 'headers' | 'replyTo'>

/** What an SMTP attempt came to (the transport never throws). */
export type MailOutcome =
  | { kind: 'accepted' }
  /** A 5xx: the recipient or the message is refused for good. */
  | { kind: 'rejected'; code: number; message: string }
  /** A 4xx, a connection error or a timeout: try again later. */
  | { kind: 'failed'; code?: number | undefined; message: string }

export type MailPolicy = { backoff: Backoff; giveUpMs: number; random: () => number }

/** 15 s doubling to 10 minutes, ±20 %: a server back within minutes is tried within minutes. */
export const MAIL_BACKOFF: Backoff = { baseMs: 15_000, maxMs: 600_000, jitter: 0.2 }
export const MAIL_GIVE_UP_MS = 24 * 3_600_000

export const isActiveMail = (item: MailItem) => item.state === 'pending'

/**
 * The item as an attempt begins: counted, marked in flight and due again after a
 * backoff step (saved before the request). An attempt whose answer is never recorded
 * (its instance crashed) is taken over once that step has passed, not in a tight loop.
 */
export function beginAttempt(item: MailItem, now: number, policy: MailPolicy): MailItem {
  const wait = backoffDelay(item.attempts, policy.backoff, policy.random)
  return {
    ...item,
    attempts: item.attempts + 1,
    inFlight: { since: now },
    nextAttemptAt: now + wait,
  }
}

/** The item after an attempt's outcome. */
export function afterAttempt(
  item: MailItem,
  outcome: MailOutcome,
  now: number,
  policy: MailPolicy,
): MailItem {
  const { inFlight: _done, error: _old, ...rest } = item
  if (outcome.kind === 'accepted') return { ...rest, state: 'sent', doneAt: now }
  if (outcome.kind === 'rejected')
    return { ...rest, state: 'rejected', doneAt: now, error: `${outcome.code} ${outcome.message}` }
  const error = outcome.code ? `${outcome.code} ${outcome.message}` : outcome.message
  if (now - item.createdAt >= policy.giveUpMs)
    return { ...rest, state: 'failed', doneAt: now, error }
  const wait = backoffDelay(Math.max(0, item.attempts - 1), policy.backoff, policy.random)
  return { ...rest, state: 'pending', nextAttemptAt: now + wait, error }
}
