import { vi } from 'vitest'

/** A JSON answer of the backend (no body when `body` is undefined). */
export const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })

/** A fetch that gives these answers in turn, then fails as an unreachable server does. */
export function scriptedFetch(...answers: Response[]) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers.shift()
    if (!next) throw new TypeError('Failed to fetch')
    return next
  })
}
