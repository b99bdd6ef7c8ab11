import type { WidgetContext } from '../../loader/context'

/** A refusal of the backend: its error body's code and message, and the status. */
export class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** One call of the end-of-chat routes: the backend's JSON answer, or it throws. */
export type EndCall = (
  path: string,
  body?: unknown,
  options?: { keepalive?: boolean },
) => Promise<Record<string, unknown>>

/**
 * Calls `api/<path>` with the visitor's token (GET without a body, POST with one). An
 * error body becomes Refused (its code and message); no answer or no body, an Error.
 * `keepalive`: the request outlives the page (a visitor who taps a rating and closes it);
 * the token is read ahead, so a tap's request starts in the tap itself (read again once
 * when the backend refuses it: the session was renewed meanwhile).
 */
export function endCall({ base, fetch, storage }: WidgetContext): EndCall {
  let token: Promise<string | undefined> | string | undefined
  const read = () =>
    (token = storage.getMany(['session']).then(([session]) => {
      token = (session as { token?: string } | undefined)?.token
      return token
    }))
  read()
  const send = async (path: string, body: unknown, keepalive: boolean) => {
    const known = typeof token === 'string' ? token : await token
    return fetch(`${base}api/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        // GET /api/config takes none (a simple request, no preflight).
        ...(known && !path.startsWith('config') ? { authorization: `Bearer ${known}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : null,
      credentials: 'omit',
      ...(keepalive ? { keepalive: true } : {}),
    })
  }
  return async (path, body, options = {}) => {
    let response = await send(path, body, options.keepalive === true)
    if (response.status === 401) {
      read()
      response = await send(path, body, options.keepalive === true)
    }
    const json = await response.json().catch(() => ({}))
    if (response.ok) return json
    if (json?.error)
      throw new Refused(String(json.error.code), String(json.error.message), response.status)
    throw new Error(`answered ${response.status}`)
  }
}
