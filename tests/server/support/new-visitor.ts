import { SessionResponse } from '../../../shared/widget-api'

/** A new visitor's session, opened over HTTP on the backend listening at `on.url`. */
export async function newVisitor(on: { url: string }): Promise<SessionResponse> {
  const response = await fetch(`${on.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  if (response.status !== 200) throw new Error(`POST /api/session answered ${response.status}`)
  return SessionResponse.parse(await response.json())
}
