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
 * `keepalive`: the request outlives the page (a visitor who taps a rating and closes it).
 */
export function endCall({ base, fetch, storage }: WidgetContext): EndCall {
  return async (path, body, options = {}) => {
    const [session] = await storage.getMany(['session'])
    const token = (session as { token?: string } | undefined)?.token
    const response = await fetch(`${base}api/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        // GET /api/config takes none (a simple request, no preflight).
        ...(token && !path.startsWith('config') ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : null,
      credentials: 'omit',
      ...(options.keepalive ? { keepalive: true } : {}),
    })
    const json = await response.json().catch(() => ({}))
    if (response.ok) return json
    if (json?.error)
      throw new Refused(String(json.error.code), String(json.error.message), response.status)
    throw new Error(`answered ${response.status}`)
  }
}
