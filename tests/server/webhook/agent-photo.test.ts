import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionResponse } from '../../../shared/widget-api'
import { parseStreamEvent } from '../../../widget/protocol/stream-event'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { REAL_WORK } from '../../support/timeouts'
import { createAgentMessage } from '../support/agent-message'
import { openSse } from '../support/sse-client'
import { startTestServer, type TestServer } from '../support/test-server'

// The header shows the answering agent's photo: the service's sender.photo (spec 2.2, A3)
// must reach the widget's parsed stream event, and only as an http(s) link.

let server: TestServer | undefined
const closers: Array<() => void> = []
afterEach(async () => {
  for (const close of closers.splice(0)) close()
  await server?.close()
})

async function visitorStream(url: string) {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  const { token, visitorId } = SessionResponse.parse(await res.json())
  const sse = openSse(`${url}/api/events`, { authorization: `Bearer ${token}` })
  closers.push(() => sse.close())
  await sse.ready
  return { sse, visitorId }
}

async function deliver(url: string, body: unknown) {
  const res = await fetch(`${url}/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(await res.json()).toEqual({ result: 'ok' })
}

describe('sender.photo from A3 to the widget', () => {
  it('arrives in the widget’s parsed message event with the agent’s name; a non-http photo does not', async () => {
    server = await startTestServer()
    const { sse, visitorId } = await visitorStream(server.url)
    await deliver(
      server.url,
      createAgentMessage({
        recipientId: visitorId,
        sender: { name: 'Anna', photo: 'https://cdn.example/anna.png' },
        message: { text: 'Hello, I am Anna' },
      }),
    )
    await deliver(
      server.url,
      createAgentMessage({
        recipientId: visitorId,
        sender: { name: 'Boris', photo: 'javascript:alert(1)' },
        message: { text: 'Hello, I am Boris' },
      }),
    )
    await vi.waitFor(
      () => expect(sse.events.filter((event) => event.event === 'message')).toHaveLength(2),
      REAL_WORK,
    )
    const [anna, boris] = sse.events
      .filter((event) => event.event === 'message')
      .map((event) => parseStreamEvent(event.event, event.data))
    expect(anna).toMatchObject({
      event: 'message',
      data: { author: 'agent', name: 'Anna', photo: 'https://cdn.example/anna.png' },
    })
    expect(boris).toMatchObject({ event: 'message', data: { author: 'agent', name: 'Boris' } })
    expect(boris?.data).not.toHaveProperty('photo')
  })
})
