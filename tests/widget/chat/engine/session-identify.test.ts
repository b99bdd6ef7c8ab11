import { describe, expect, it } from 'vitest'
import { createSession } from '../../../../widget/chat/engine/session'
import { createMemoryStore } from '../../../../widget/storage/memory-store'

// A call the widget makes while the page identifies the visitor (a signed-in user who
// writes at once) must go out as that user, not as the guest they were a moment before:
// the service would show the agent a nameless customer.

type Answer = { status: number; body: unknown }

/** A fetch for POST /api/session whose answers the test releases one by one. */
function gatedBackend() {
  const requests: { body: Record<string, unknown>; answer: (a: Answer) => void }[] = []
  const fetch = ((_url: string, init: RequestInit) =>
    new Promise<Response>((resolve) => {
      requests.push({
        body: JSON.parse(String(init.body)),
        answer: ({ status, body }) =>
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'content-type': 'application/json' },
            }),
          ),
      })
    })) as typeof globalThis.fetch
  return { fetch, requests }
}

const guest = { visitorId: 'guest-1', token: 'guest-token', contact: {} }
const jane = { visitorId: 'user:jane', token: 'jane-token', contact: { name: 'Jane' } }
const user = { id: 'jane', hash: 'a'.repeat(64), name: 'Jane' }
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

async function guestSession() {
  const backend = gatedBackend()
  const session = createSession({ base: '/', fetch: backend.fetch, storage: createMemoryStore() })
  const first = session.ensure()
  await tick()
  backend.requests[0]?.answer({ status: 200, body: guest })
  expect((await first).token).toBe('guest-token')
  return { session, backend }
}

describe('the session while the page identifies the visitor', () => {
  it('gives a call made meanwhile the verified user’s token, not the guest’s', async () => {
    const { session, backend } = await guestSession()
    const identified = session.identify(user)
    const call = session.ensure()
    let settled = false
    void call.then(() => {
      settled = true
    })
    await tick()
    expect(backend.requests).toHaveLength(2)
    expect(backend.requests[1]?.body).toMatchObject({ token: 'guest-token', user: { id: 'jane' } })
    // Not the guest's token while the identity is being checked.
    expect(settled).toBe(false)
    backend.requests[1]?.answer({ status: 200, body: jane })
    expect((await identified).token).toBe('jane-token')
    expect((await call).token).toBe('jane-token')
  })

  it('gives the guest’s token when the backend refuses the hash', async () => {
    const { session, backend } = await guestSession()
    const identified = session.identify(user)
    const call = session.ensure()
    await tick()
    backend.requests[1]?.answer({
      status: 401,
      body: { error: { code: 'identity_invalid', message: 'refused' } },
    })
    await expect(identified).rejects.toThrow()
    expect((await call).token).toBe('guest-token')
    expect(backend.requests).toHaveLength(2)
  })
})
