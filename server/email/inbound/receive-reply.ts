import { z } from 'zod'
import { maskSecrets } from '../../../shared/privacy/mask-secrets'
import type { Sender } from '../../../shared/protocol/chat-channel'
import { splitText } from '../../../shared/text'
import type { Outbox } from '../../channel/outbox'
import { endIfIdle } from '../../conversation/end-conversation'
import { extraPartHits } from '../../http/message-parts'
import type { RateLimiter } from '../../http/rate-limit'
import type { Logger } from '../../logging/logger'
import type { IncomingMasker } from '../../masking/incoming-masker'
import { resolveRecipient } from '../../session/alias'
import { hasProfile, updateProfile } from '../../session/profile'
import { inboundMailKey, inboundMailLockKey } from '../../store/keys'
import type { Store } from '../../store/types'
import type { UploadPolicy } from '../../uploads/accept-upload'
import type { ReplyAddresses } from '../reply-address'
import type { MailBudget } from './mail-budget'
import { detectLoop, type LoopReason } from './mail-loop'
import { messageKey, type ParsedReply, parseReply } from './parse-reply'
import { messageIdOf, readHeaders } from './raw-headers'
import { dropReplyAttachments, storeReplyAttachments, wantedAttachments } from './reply-attachments'
import { replyMessage } from './reply-message'
import { recipientsOf } from './reply-recipients'

export const REPLY_DROP_REASONS = [
  'too_large',
  'no_raw_message',
  'unreadable',
  'no_reply_address',
  'malformed_address',
  'bad_signature',
  'unknown_visitor',
  'empty',
  'headers_too_large',
] as const
export type ReplyDropReason = (typeof REPLY_DROP_REASONS)[number] | LoopReason

/** What became of one posted e-mail. Only `retry` asks the mail service to post it again. */
export type InboundOutcome =
  | { kind: 'delivered'; visitorId: string; messages: number }
  | { kind: 'duplicate'; visitorId: string }
  | { kind: 'dropped'; reason: ReplyDropReason }
  | { kind: 'retry'; reason: string }
  /** Over the visitor's message rate (a flood through a leaked address): post it again after `retryAfter` s. */
  | { kind: 'rate_limited'; visitorId: string; retryAfter: number }

/** What is kept of a reply once its messages are in the outbox: enough to answer a repeat. */
const TakenReply = z.object({ visitorId: z.string(), messages: z.number().int(), at: z.number() })

export type ReceiveReplyDeps = {
  store: Store
  outbox: Outbox
  addresses: ReplyAddresses
  /** The widget's upload rules and file store (UPLOAD_*), and PUBLIC_URL for the files' links. */
  uploads: UploadPolicy & { publicUrl: string; mailBudget?: MailBudget }
  logger: Logger
  now: () => number
  /** The idle timeout in force: a reply after a long silence ends the old conversation first, as the widget's messages do. */
  idleMs: () => number | undefined
  /** How long a taken reply is remembered (RETENTION_DAYS: as long as its conversation). */
  keepMs: number
  /** The visitor's message rate (RATE_LIMIT_MESSAGES_PER_MINUTE, shared with the widget). */
  limiter?: RateLimiter
  /** Masks the reply's text as the widget's messages are (default: cards and IBANs only). */
  mask?: IncomingMasker
}

/** How long one request may hold a reply's claim before another may take it over. */
const CLAIM_MS = 120_000

/**
 * Takes one raw e-mail posted by the inbound mail service: checks that it answers one
 * of our reply addresses untouched and is a person's, removes the quoted history and
 * signature, stores the attachments as the visitor's uploads, and hands the text and
 * files to the customer-message outbox as messages of that visitor (stored before
 * the first attempt, retried until A2_GIVE_UP_HOURS). One Message-ID is taken once.
 * Throws only for what a retry can fix (the store or the file store down).
 *
 * @example const outcome = await receiveReply(deps, rawBytes)
 */
export async function receiveReply(
  deps: ReceiveReplyDeps,
  raw: Uint8Array,
): Promise<InboundOutcome> {
  // Everything decided before the body is read comes from the headers: an e-mail not
  // addressed to one of our reply addresses costs no decoding, conversion or extraction.
  const headers = readHeaders(raw)
  if (headers === undefined) return { kind: 'dropped', reason: 'headers_too_large' }
  const loop = detectLoop(headers, { replyDomain: deps.addresses.domain })
  if (loop) return { kind: 'dropped', reason: loop }

  const address = findReplyAddress(deps.addresses, recipientsOf(headers))
  if (!address.ok) return { kind: 'dropped', reason: address.reason }
  // A guest merged into a user since the e-mail went: the user's conversation has it now.
  const visitorId = await resolveRecipient(deps.store, address.visitorId)
  if (!(await hasProfile(deps.store, visitorId)))
    return { kind: 'dropped', reason: 'unknown_visitor' }

  const key = messageKey(address.visitorId, messageIdOf(headers), raw)
  const taken = await deps.store.getRecord(inboundMailKey(key), TakenReply)
  if (taken) return { kind: 'duplicate', visitorId: taken.visitorId }
  const retryAfter = await deps.limiter?.hit(visitorId)
  if (retryAfter !== undefined) return { kind: 'rate_limited', visitorId, retryAfter }
  if (!(await deps.store.claim(inboundMailLockKey(key), CLAIM_MS))) {
    // The same message is being taken by another request right now: it answers for it.
    return { kind: 'retry', reason: 'the same message is being taken by another request' }
  }
  try {
    let reply: ParsedReply
    try {
      reply = await parseReply(raw)
    } catch (error) {
      deps.logger.info('e-mail reply unreadable', { error })
      return { kind: 'dropped', reason: 'unreadable' }
    }
    return await take(deps, reply, key, visitorId)
  } finally {
    await deps.store.release(inboundMailLockKey(key)).catch(() => undefined)
  }
}

type AddressCheck =
  | { ok: true; visitorId: string }
  | { ok: false; reason: 'no_reply_address' | 'malformed_address' | 'bad_signature' }

/** The first recipient that is a valid reply address; else why the best candidate failed. */
function findReplyAddress(addresses: ReplyAddresses, recipients: readonly string[]): AddressCheck {
  let failure: AddressCheck = { ok: false, reason: 'no_reply_address' }
  for (const recipient of recipients) {
    const check = addresses.verifyReplyAddress(recipient)
    if (check.ok) return check
    if (check.reason === 'bad_signature') failure = { ok: false, reason: 'bad_signature' }
    else if (check.reason === 'malformed' && failure.reason === 'no_reply_address')
      failure = { ok: false, reason: 'malformed_address' }
  }
  return failure
}

async function take(
  deps: ReceiveReplyDeps,
  reply: ParsedReply,
  key: string,
  visitorId: string,
): Promise<InboundOutcome> {
  const { store, outbox, now } = deps
  // Counted as the widget counts a long message: each part the agents get is one
  // message of the visitor's rate (the first was counted with the e-mail).
  // Masked before anything is counted, stored or sent: a card number in a reply is never kept.
  const mask = (value: string) => (deps.mask ? deps.mask(value) : maskSecrets(value)).text
  const words = mask(replyMessage(reply.text, []))
  const wordParts = words === '' ? [] : splitText(words)
  const files = wantedAttachments(reply.attachments)
  const parts = wordParts.length + files.taken.length
  if (deps.limiter && parts > 1) {
    const wait = await deps.limiter.hit(visitorId, extraPartHits(deps.limiter, parts))
    if (wait !== undefined) return { kind: 'rate_limited', visitorId, retryAfter: wait }
  }
  const stored = await storeReplyAttachments(deps.uploads, visitorId, files, deps.logger)
  const text = mask(replyMessage(reply.text, stored.notes))
  if (text === '' && stored.attachments.length === 0) return { kind: 'dropped', reason: 'empty' }

  // Files of this attempt not handed to the outbox are dropped on the way out: a
  // retry stores them again, and the budget counts them once.
  let handedOver = 0
  const dropUnsent = () =>
    dropReplyAttachments(deps.uploads, visitorId, stored.files.slice(handedOver)).catch(
      (error: unknown) => deps.logger.warn('e-mail attachments not cleaned up', { error }),
    )
  try {
    await endIfIdle(store, visitorId, { idleMs: deps.idleMs(), now: now() })
    // Written back, as the widget's messages do: the profile lives as long as the
    // conversation is used, so a visitor who only answers by e-mail stays known.
    const profile = await updateProfile(store, visitorId, {}, deps.keepMs)
    const sender: Sender = { id: visitorId, ...profile.contact }
    if (profile.invite) sender.invite = profile.invite
    // Ids from the message's key: a repeat (or a retry after a crash) finds the same
    // outbox items, which are never stored or sent twice.
    if (text !== '') {
      const texts = text === words ? wordParts : splitText(text)
      const result = await outbox.submit({ visitorId, sender, clientId: `mail-${key}`, texts })
      if (result.state === 'busy') {
        await dropUnsent()
        return {
          kind: 'retry',
          reason: 'a message of this e-mail is being sent by another request',
        }
      }
    }
    for (const [i, media] of stored.attachments.entries()) {
      const clientId = `mail-${key}-f${i + 1}`
      const result = await outbox.submit({ visitorId, sender, clientId, media })
      if (result.state === 'busy') {
        await dropUnsent()
        return {
          kind: 'retry',
          reason: 'a message of this e-mail is being sent by another request',
        }
      }
      handedOver = i + 1
    }
  } catch (error) {
    await dropUnsent()
    throw error
  }
  const messages = (text === '' ? 0 : 1) + stored.attachments.length
  await store.setAgedRecord(
    inboundMailKey(key),
    { visitorId, messages, at: now() } satisfies z.infer<typeof TakenReply>,
    'emails',
    now(),
  )
  return { kind: 'delivered', visitorId, messages }
}
