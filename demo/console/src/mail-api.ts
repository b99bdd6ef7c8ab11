import type { MailboxMessage, MailSummary } from '../../sandbox/mail/mailbox'
import { ApiError } from './api'

// The Mailbox tab's calls to the sandbox control API (GET/DELETE /console/api/mail…).

export type MailList = { smtpUrl: string | null; repliesOn: boolean; messages: MailSummary[] }
/** What Porthole answered to a reply posted to its inbound route. */
export type ReplyOutcome = { status: number; answer: unknown }

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`console/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error =
      typeof json === 'object' && json !== null && 'error' in json ? json.error : undefined
    const message =
      typeof error === 'object' && error !== null && 'message' in error
        ? String(error.message)
        : `The sandbox answered HTTP ${response.status}`
    throw new ApiError('http_error', message)
  }
  // The sandbox's own answers, typed by its routes (demo/sandbox/http/mail-api.ts).
  return json as T
}

export const mailApi = {
  list: () => request<MailList>('GET', '/mail'),
  get: (id: string) => request<MailboxMessage>('GET', `/mail/${encodeURIComponent(id)}`),
  reply: (id: string, text: string) =>
    request<ReplyOutcome>('POST', `/mail/${encodeURIComponent(id)}/reply`, { text }),
  clear: () => fetch('console/api/mail', { method: 'DELETE' }).then(() => undefined),
}
