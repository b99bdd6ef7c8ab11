import { PortholeError } from '../../../server/errors'
import type { ChannelMessage } from '../../../shared/protocol'
import { MailDetail, MailReply } from '../../sandbox/mail/model'

// The console's calls to the sandbox control API (relative: the console is served at /).

/**
 * A refused call, with the sandbox's message (it says what to do) and its error code
 * (`invalid_request`, `not_found`, `conflict`, …; `http_error` when the answer had none).
 */
export class ApiError extends PortholeError<string> {
  override name = 'ApiError' as const
}

/** The new state arrives on the live stream; the answer tells why not, or what was asked for. */
async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`console/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error =
      typeof json === 'object' &&
      json !== null &&
      'error' in json &&
      typeof json.error === 'object' &&
      json.error !== null
        ? json.error
        : {}
    const message =
      'message' in error ? String(error.message) : `The sandbox answered HTTP ${response.status}`
    const code = 'code' in error && typeof error.code === 'string' ? error.code : 'http_error'
    throw new ApiError(code, message)
  }
  return json
}

export const api = {
  setOnline: (agentId: string, online: boolean) =>
    call('POST', `/agents/${encodeURIComponent(agentId)}/online`, { online }),
  join: (chatId: string, agentId: string) => call('POST', `/chats/${chatId}/join`, { agentId }),
  close: (chatId: string, agentId: string) => call('POST', `/chats/${chatId}/close`, { agentId }),
  send: (chatId: string, agentId: string, message: ChannelMessage) =>
    call('POST', `/chats/${chatId}/messages`, { agentId, message }),
  mail: async (id: string) =>
    MailDetail.parse(await call('GET', `/mailbox/${encodeURIComponent(id)}`)),
  replyToMail: async (id: string, text: string) =>
    MailReply.parse(await call('POST', `/mailbox/${encodeURIComponent(id)}/reply`, { text })),
  setMailboxDown: (down: boolean) => call('PATCH', '/mailbox', { down }),
}
