import { parseErrorBody } from './api-bodies'
import { ApiError } from './api-error'

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE'
  token?: string
  body?: unknown
  /** The request outlives the page (a typeout sent as the tab closes). */
  keepalive?: boolean
}

/**
 * Calls the backend and returns the parsed JSON (undefined for 204). Throws ApiError:
 * code "network" when there is no answer, else the error body's code and message.
 */
export async function request(
  fetcher: typeof fetch,
  url: string,
  { method = 'GET', token, body, keepalive }: RequestOptions = {},
): Promise<unknown> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetcher(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      keepalive,
    })
  } catch (error) {
    throw new ApiError('network', `Porthole: cannot reach the chat server (${String(error)})`, 0)
  }
  if (response.status === 204) return undefined
  const text = await response.text().catch(() => '')
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (response.ok) return json
  const error = parseErrorBody(json)?.error
  const retryAfter = Number(response.headers.get('retry-after'))
  throw new ApiError(
    error?.code ?? `http_${response.status}`,
    error?.message ?? `The chat server answered ${response.status}`,
    response.status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  )
}
