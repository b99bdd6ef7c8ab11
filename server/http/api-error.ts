import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { errorBody } from '../../shared/protocol/errors'

/**
 * An error answered to the client as `{"error":{"code","message"}}` with `status`.
 * The message is shown to people: say what to do.
 */
export function apiError(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): HTTPException {
  const res = new Response(JSON.stringify(errorBody(code, message)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
  return new HTTPException(status, { res, message })
}
