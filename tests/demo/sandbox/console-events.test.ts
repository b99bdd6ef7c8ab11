import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../demo/sandbox/index'
import { createSseReader } from '../../../kit/sse'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { channelInput, customerMessage, FAST, postJson } from '../support/test-sandbox'

type Running = Awaited<ReturnType<typeof startSandbox>>
const running: Running[] = []
afterEach(async () => {
  for (const sandbox of running.splice(0)) await sandbox.close()
})

type StreamEvent = { event: string; data: { type: string; [key: string]: unknown } }

/** Reads SSE events from a live stream until `enough` says so. */
async function readEvents(
  url: string,
  enough: (events: StreamEvent[]) => boolean,
  onOpen: () => Promise<void>,
) {
  const controller = new AbortController()
  const response = await fetch(url, { signal: controller.signal })
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = response.body?.getReader()
  if (!reader) throw new Error('no stream body')
  const decoder = new TextDecoder()
  const events: StreamEvent[] = []
  const sse = createSseReader({
    onEvent: ({ event, data }) => events.push({ event, data: JSON.parse(data) }),
  })
  let opened = false
  while (!enough(events)) {
    const { value, done } = await reader.read()
    if (done) break
    sse.feed(decoder.decode(value, { stream: true }))
    if (!opened && events.length > 0) {
      opened = true
      await onOpen()
    }
  }
  controller.abort()
  return events
}

describe('console live events', () => {
  it('sends a snapshot first, then chats, agents and channels as they change', async () => {
    const sandbox = await startSandbox({
      port: 0,
      timings: FAST,
      consoleDir: '/nonexistent',
      agents: [{ name: 'Anna' }],
    })
    running.push(sandbox)
    const channel = sandbox.service.createChannel(channelInput())
    const events = await readEvents(
      `${sandbox.url}/console/api/events`,
      (seen) => seen.some((event) => event.event === 'chat'),
      async () => {
        sandbox.service.setAgentOnline('anna', true)
        const response = await fetch(
          channel.endpoint,
          postJson(customerMessage({ message: { text: 'live!' } })),
        )
        expect(response.status).toBe(200)
      },
    )
    expect(events[0]?.event).toBe('snapshot')
    expect(events[0]?.data).toMatchObject({
      type: 'snapshot',
      state: { channels: [{ id: channel.id }] },
    })
    expect(events.map((event) => event.event)).toContain('agents')
    const chat = events.find((event) => event.event === 'chat')?.data.chat as {
      entries: Array<{ message?: { text?: string } }>
    }
    expect(chat.entries.at(-1)?.message?.text).toBe('live!')
  })

  it('ends open streams when the sandbox closes', async () => {
    const sandbox = await startSandbox({ port: 0, timings: FAST, consoleDir: '/nonexistent' })
    const response = await fetch(`${sandbox.url}/console/api/events`)
    await sandbox.close()
    const reader = response.body?.getReader()
    let done = false
    while (!done) done = (await reader?.read().catch(() => ({ done: true })))?.done ?? true
    expect(done).toBe(true)
  })

  it('unsubscribes a stream when the browser goes away', async () => {
    const sandbox = await startSandbox({ port: 0, timings: FAST, consoleDir: '/nonexistent' })
    running.push(sandbox)
    const before = sandbox.service.events.size
    const controller = new AbortController()
    const response = await fetch(`${sandbox.url}/console/api/events`, { signal: controller.signal })
    await response.body?.getReader().read()
    expect(sandbox.service.events.size).toBe(before + 1)
    controller.abort()
    await expect
      .poll(() => sandbox.service.events.size, { timeout: REAL_WORK_TIMEOUT_MS })
      .toBe(before)
  })
})
