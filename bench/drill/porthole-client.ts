import { createHmac } from 'node:crypto'
import {
  type ConversationEntry,
  HistoryResponse,
  PostMessageResponse,
  SessionResponse,
} from '../../shared/widget-api'
import { sleep } from './net'

// The visitor's side, as the widget speaks it (README "HTTP API"), plus the service's
// A3 webhook for seeding long conversations fast.

export class DrillHttpError extends Error {
  override name = 'DrillHttpError' as const
  readonly code = 'drill_http' as const
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function call(url: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, ...rest } = init
  return fetch(url, {
    ...rest,
    headers: {
      ...(rest.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(30_000),
  })
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text()
  if (!response.ok)
    throw new DrillHttpError(
      response.status,
      `${what}: HTTP ${response.status} ${text.slice(0, 300)}`,
    )
  return text ? JSON.parse(text) : undefined
}

export type Session = { visitorId: string; token: string }

export function identityHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId).digest('hex')
}

/** The outcome of one customer message: the first answer, and how many tries it took. */
export type SendOutcome = {
  clientId: string
  /** HTTP status of the answer that ended the sending (0: none before the deadline). */
  status: number
  /** HTTP status of the first try's answer (0: no answer). */
  firstStatus: number
  /** `sent`/`pending`/… of a 200/202, or the error code of an error answer. */
  state: string
  attempts: number
  entries: ConversationEntry[]
}

export function portholeClient(base: string) {
  return {
    async session(body: object = {}): Promise<Session> {
      const json = await expectOk(
        await call(`${base}/api/session`, { method: 'POST', body: JSON.stringify(body) }),
        'POST /api/session',
      )
      const { visitorId, token } = SessionResponse.parse(json)
      return { visitorId, token }
    },

    /**
     * Sends a customer text the way the widget's outbox does (widget/chat/engine/outbox-sender.ts):
     * the same client id on every try; a new try after no answer (connection refused or
     * cut), a 5xx or a 429, backing off 1 s, 2 s, 4 s… up to 30 s — until `deadline`.
     * Any other answer ends it; the drill then checks what reached the service.
     */
    async send(
      token: string,
      clientId: string,
      text: string,
      deadline: number,
    ): Promise<SendOutcome> {
      let attempts = 0
      let firstStatus: number | undefined
      for (;;) {
        attempts += 1
        let status = 0
        let body = ''
        try {
          const response = await call(`${base}/api/messages`, {
            method: 'POST',
            token,
            body: JSON.stringify({ id: clientId, type: 'text', text }),
          })
          status = response.status
          body = await response.text()
        } catch {
          status = 0
        }
        firstStatus ??= status
        if (status === 200 || status === 202) {
          const parsed = PostMessageResponse.parse(JSON.parse(body))
          return {
            clientId,
            status,
            firstStatus,
            state: parsed.delivery,
            attempts,
            entries: parsed.entries,
          }
        }
        const transient = status === 0 || status === 429 || status >= 500
        if (!transient || Date.now() > deadline)
          return {
            clientId,
            status,
            firstStatus,
            state: errorCode(body) ?? `http_${status}`,
            attempts,
            entries: [],
          }
        await sleep(Math.min(30_000, 1000 * 2 ** (attempts - 1)))
      }
    },

    async history(
      token: string,
      before: string | undefined,
      limit = 200,
    ): Promise<ConversationEntry[]> {
      const query = new URLSearchParams({ limit: String(limit), ...(before ? { before } : {}) })
      const json = await expectOk(
        await call(`${base}/api/history?${query}`, { token }),
        `GET /api/history?${query}`,
      )
      return HistoryResponse.parse(json).entries
    },

    /**
     * Pages GET /api/history back from `before` (absent: the newest page) to the start
     * of the conversation; returns every entry, oldest first, and the number of pages.
     */
    async allHistory(
      token: string,
      before?: string,
    ): Promise<{ entries: ConversationEntry[]; pages: number }> {
      const pages: ConversationEntry[][] = []
      let cursor = before
      const seenCursors = new Set<string>()
      for (;;) {
        const page = await this.history(token, cursor)
        if (page.length === 0) break
        pages.unshift(page)
        const oldest = page[0]?.id
        if (oldest === undefined || seenCursors.has(oldest))
          throw new DrillHttpError(
            200,
            `GET /api/history: paging did not move back (before=${cursor} returned ${oldest} again)`,
          )
        seenCursors.add(oldest)
        cursor = oldest
        if (pages.length > 10_000)
          throw new DrillHttpError(200, 'GET /api/history: more than 10,000 pages')
      }
      return { entries: pages.flat(), pages: pages.length }
    },

    /** The service's A3 delivery of an agent text (what the sandbox sends), straight to the backend. */
    async hook(
      secret: string,
      channelId: string,
      visitorId: string,
      messageId: string,
      text: string,
    ): Promise<void> {
      const response = await call(`${base}/hooks/${secret}/${channelId}`, {
        method: 'POST',
        body: JSON.stringify({
          sender: { name: 'Drill agent' },
          recipient: { id: visitorId },
          message: { type: 'text', id: messageId, text },
        }),
      })
      await expectOk(response, `A3 webhook ${messageId}`)
    },
  }
}

export type PortholeClient = ReturnType<typeof portholeClient>

function errorCode(body: string): string | undefined {
  try {
    const json: unknown = JSON.parse(body)
    if (json && typeof json === 'object' && 'error' in json) {
      const error = json.error
      if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string')
        return error.code
    }
  } catch {}
  return undefined
}

/** The key a drill message is counted by: the agent message's id, or the text. */
export function entryText(entry: ConversationEntry): string | undefined {
  return entry.content.type === 'text' ? entry.content.text : undefined
}
export function entryMessageId(entry: ConversationEntry): string | undefined {
  return entry.content.type === 'text' ? entry.content.id : undefined
}
