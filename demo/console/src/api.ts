import type { ChannelMessage } from '../../../shared/protocol'

// The console's calls to the sandbox control API (relative: the console is served at /).

/** A refused call, with the sandbox's message (it says what to do). */
export class ApiError extends Error {
  override name = 'ApiError' as const
}

/** The new state arrives on the live stream; the answer only tells success or why not. */
async function call(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`console/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const message =
      typeof json === 'object' &&
      json !== null &&
      'error' in json &&
      typeof json.error === 'object' &&
      json.error !== null &&
      'message' in json.error
        ? String(json.error.message)
        : `The sandbox answered HTTP ${response.status}`
    throw new ApiError(message)
  }
}

export const api = {
  setOnline: (agentId: string, online: boolean) =>
    call('POST', `/agents/${encodeURIComponent(agentId)}/online`, { online }),
  join: (chatId: string, agentId: string) => call('POST', `/chats/${chatId}/join`, { agentId }),
  close: (chatId: string, agentId: string) => call('POST', `/chats/${chatId}/close`, { agentId }),
  send: (chatId: string, agentId: string, message: ChannelMessage) =>
    call('POST', `/chats/${chatId}/messages`, { agentId, message }),
}
