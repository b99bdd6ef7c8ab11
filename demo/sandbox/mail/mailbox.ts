import { SandboxError } from '../service/errors'
import { newId } from '../service/ids'
import type { MailboxState, MailDetail, MailReply, MailSummary } from './model'
import { parseMail } from './parse-mail'
import { buildReply } from './reply-mail'

/** A reply longer than this is refused (a visitor's e-mail, not a file). */
export const MAX_REPLY_LENGTH = 20_000
const REPLY_TIMEOUT_MS = 10_000

/** What the mailbox announces: a new or changed e-mail, or its own state. */
export type MailboxEvent =
  | { type: 'mail'; mail: MailSummary }
  | { type: 'mailbox'; mailbox: MailboxState }

export type MailboxOptions = {
  emit: (event: MailboxEvent) => void
  fetch: typeof fetch
  /** Porthole's `POST /hooks/email/<secret>`: where "Reply as the visitor" posts. */
  inboundUrl?: string
  now?: () => number
  /** E-mails kept, newest first; the oldest go. Default 500. */
  limit?: number
}

/**
 * Every e-mail the sandbox's SMTP server took, in memory, for the console's Mailbox tab:
 * the inbox of every visitor at once. A reply from here goes to Porthole's inbound route
 * as the visitor's mail program would send it.
 */
export type Mailbox = {
  state(): MailboxState
  receive(input: { raw: Buffer; envelopeFrom: string; envelopeTo: string[] }): Promise<MailSummary>
  /** Newest first. */
  list(): MailSummary[]
  get(id: string): MailDetail
  raw(id: string): Buffer
  reply(id: string, text: string): Promise<MailReply>
  /** An outage on purpose: while down, the SMTP server answers 451 (try again later). */
  setDown(down: boolean): MailboxState
  /** Set by the SMTP server when it listens. */
  setSmtpUrl(url: string | undefined): void
}

type Stored = { detail: MailDetail; raw: Buffer }

const summaryOf = (detail: MailDetail): MailSummary => ({
  id: detail.id,
  receivedAt: detail.receivedAt,
  envelopeFrom: detail.envelopeFrom,
  envelopeTo: detail.envelopeTo,
  from: detail.from,
  to: detail.to,
  subject: detail.subject,
  ...(detail.replyTo ? { replyTo: detail.replyTo } : {}),
  replies: detail.replies,
})

export function createMailbox(options: MailboxOptions): Mailbox {
  const now = options.now ?? Date.now
  const limit = options.limit ?? 500
  const mails: Stored[] = []
  let down = false
  let smtpUrl: string | undefined

  const state = (): MailboxState => ({
    ...(smtpUrl ? { smtpUrl } : {}),
    down,
    canReply: options.inboundUrl !== undefined,
  })
  const find = (id: string): Stored => {
    const found = mails.find((mail) => mail.detail.id === id)
    if (!found) throw new SandboxError('not_found', `No e-mail ${id} in the sandbox's mailbox`)
    return found
  }

  async function post(raw: string): Promise<Pick<MailReply, 'status' | 'error'>> {
    const url = options.inboundUrl
    if (!url) return { error: 'no inbound route' }
    try {
      const response = await options.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822' },
        body: raw,
        signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
      })
      await response.body?.cancel()
      return response.ok
        ? { status: response.status }
        : { status: response.status, error: `Porthole answered HTTP ${response.status}` }
    } catch (error) {
      return { error: `Porthole's inbound route could not be reached (${String(error)})` }
    }
  }

  return {
    state,
    async receive({ raw, envelopeFrom, envelopeTo }) {
      const parsed = await parseMail(raw)
      const detail: MailDetail = {
        id: newId(),
        receivedAt: now(),
        envelopeFrom,
        envelopeTo,
        replies: [],
        size: raw.length,
        ...parsed,
      }
      mails.unshift({ detail, raw })
      mails.length = Math.min(mails.length, limit)
      const summary = summaryOf(detail)
      options.emit({ type: 'mail', mail: summary })
      return summary
    },
    list: () => mails.map((mail) => summaryOf(mail.detail)),
    get: (id) => find(id).detail,
    raw: (id) => find(id).raw,
    async reply(id, text) {
      const stored = find(id)
      if (!options.inboundUrl)
        throw new SandboxError(
          'conflict',
          "Replies go to Porthole's inbound route: start the sandbox with inboundEmailUrl (npm start sets it when Porthole has INBOUND_EMAIL_SECRET)",
        )
      if (text.trim() === '') throw new SandboxError('invalid_request', 'Write the reply first')
      if (text.length > MAX_REPLY_LENGTH)
        throw new SandboxError(
          'invalid_request',
          `A reply is at most ${MAX_REPLY_LENGTH} characters; this one has ${text.length}`,
        )
      const at = now()
      const raw = buildReply(stored.detail, {
        text,
        now: at,
        messageId: `<${newId()}.reply@sandbox.porthole.invalid>`,
      })
      const reply: MailReply = { at, text, ...(await post(raw)) }
      stored.detail = { ...stored.detail, replies: [...stored.detail.replies, reply] }
      options.emit({ type: 'mail', mail: summaryOf(stored.detail) })
      return reply
    },
    setDown(value) {
      down = value
      options.emit({ type: 'mailbox', mailbox: state() })
      return state()
    },
    setSmtpUrl(url) {
      smtpUrl = url
      options.emit({ type: 'mailbox', mailbox: state() })
    },
  }
}
