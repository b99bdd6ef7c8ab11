import { fireEvent, waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../shared/widget-api'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { createFakeBackend, type FakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget, useMountedWidgets } from '../../support/mount-widget'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { openChat, sendText, settle } from '../support/chat-helpers'

const track = useMountedWidgets()

const ROW = 50
const VIEW = 500

/** The conversation log with 1..count, ids like the backend's. */
function conversation(count: number): ConversationEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    id: String(index + 1),
    author: index % 5 === 0 ? 'visitor' : 'agent',
    ...(index % 5 === 0 ? { clientId: `client${index + 1}` } : { name: 'Anna' }),
    content: { type: 'text', text: `Message ${index + 1}` },
    at: 1_700_000_000_000 + index * 1000,
  }))
}

/** A returning visitor (stored session) whose stream replays the newest 200 of `log`. */
async function returning(log: ConversationEntry[], backend: FakeBackend = createFakeBackend()) {
  backend.history.push(...log)
  const storage = createMemoryStore()
  await storage.set('session', { visitorId: 'visitor-token-9', token: 'token-9', contact: {} })
  await storage.set('open', true)
  const widget = await mountTestWidget({ storage, backend })
  track(widget)
  await widget.screen.findByRole('dialog')
  await waitFor(() => expect(widget.EventSource.instances.length).toBeGreaterThan(0))
  return widget
}

/** happy-dom does no layout: every message is ROW px high, the log shows VIEW px. */
function giveLayout(widget: TestWidget): HTMLElement {
  const log = widget.screen.getByRole('log')
  let top = 0
  Object.defineProperties(log, {
    scrollHeight: { configurable: true, get: () => log.querySelectorAll('.ph-msg').length * ROW },
    clientHeight: { configurable: true, get: () => VIEW },
    scrollTop: {
      configurable: true,
      get: () => top,
      set: (value: number) => {
        top = Math.max(0, Math.min(value, log.scrollHeight - VIEW))
      },
    },
  })
  return log
}

function replay(widget: TestWidget, entries: ConversationEntry[]): void {
  for (const entry of entries) widget.stream().emit('message', entry, entry.id)
}

const historyCalls = (backend: FakeBackend) =>
  backend.requests.filter((request) => request.path === '/api/history')

/**
 * A returning visitor with `total` messages, of which the stream replays all after the
 * first `skipped`; the chat laid out and its newest message shown.
 */
async function readingLatest(total: number, skipped: number) {
  const log = conversation(total)
  const widget = await returning(log)
  const element = giveLayout(widget)
  replay(widget, log.slice(skipped))
  await widget.screen.findByText(`Message ${total}`)
  return { widget, element }
}

describe('load earlier messages', () => {
  it('loads the page above when the customer scrolls to the top, keeping what they read in place', async () => {
    const { widget, element } = await readingLatest(300, 100)
    expect(element.scrollTop).toBe(200 * ROW - VIEW)
    expect(widget.screen.queryByText('Message 100')).toBeNull()

    element.scrollTop = 0
    fireEvent.scroll(element)
    await widget.screen.findByText('Message 1')
    const [call] = historyCalls(widget.backend)
    expect(call?.query.get('before')).toBe('101')
    expect(call?.token).toBe('token-9')
    // Message 101 stays where it was on screen: 100 rows were added above it.
    expect(element.scrollTop).toBe(100 * ROW)
    expect(element.querySelectorAll('.ph-msg')).toHaveLength(300)

    // At the start: one more page, empty, and the button goes.
    element.scrollTop = 0
    fireEvent.scroll(element)
    await waitFor(() => expect(historyCalls(widget.backend)).toHaveLength(2))
    await waitFor(() =>
      expect(widget.screen.queryByRole('button', { name: /load earlier/i })).toBeNull(),
    )
    expect(historyCalls(widget.backend)[1]?.query.get('before')).toBe('1')
  })

  it('sending while reading back scrolls down to the new message', async () => {
    const { widget, element } = await readingLatest(250, 50)
    element.scrollTop = 1000
    fireEvent.scroll(element)
    sendText(widget, 'A new question')
    await widget.screen.findByText('A new question')
    expect(element.scrollTop).toBe(element.scrollHeight - VIEW)
  })

  it('offers a keyboard-reachable button, shows loading, and a retry when the page fails', async () => {
    const log = conversation(260)
    const backend = createFakeBackend()
    backend.state.historyFailures = 1
    const widget = await returning(log, backend)
    giveLayout(widget)
    replay(widget, log.slice(60))
    await widget.screen.findByText('Message 260')
    const button = widget.screen.getByRole('button', { name: 'Load earlier messages' })
    button.focus()
    expect(widget.root.activeElement).toBe(button)
    fireEvent.click(button)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    const retry = await widget.screen.findByRole('button', { name: /Could not load\. Retry/ })
    expect(widget.screen.getByRole('alert').textContent).toContain('Could not load.')
    expect(widget.screen.queryByText('Message 60')).toBeNull()
    fireEvent.click(retry)
    await widget.screen.findByText('Message 1')
    expect(historyCalls(backend).map((call) => call.query.get('before'))).toEqual(['61', '61'])
  })

  it('a short conversation needs no scrolling: the start is found by itself and the greeting shows', async () => {
    const log = conversation(3)
    const widget = await returning(log, createFakeBackend({ config: { greeting: 'Hi there!' } }))
    replay(widget, log)
    await widget.screen.findByText('Message 3')
    await widget.screen.findByText('Hi there!')
    expect(widget.screen.queryByRole('button', { name: /load earlier/i })).toBeNull()
    expect(historyCalls(widget.backend)).toHaveLength(1)
  })

  it('a new visitor has nothing earlier to load', async () => {
    const widget = await openChat({
      backend: createFakeBackend({ config: { greeting: 'Hello!' } }),
    })
    track(widget)
    widget.stream().emit('message', conversation(1)[0], '1')
    await widget.screen.findByText('Message 1')
    await settle(20)
    expect(widget.screen.getByText('Hello!')).toBeTruthy()
    expect(historyCalls(widget.backend)).toHaveLength(0)
  })

  it('renders the window only: a 1,200-entry replay leaves the newest 200 in the list', async () => {
    const log = conversation(1200)
    const widget = await returning(log)
    giveLayout(widget)
    replay(widget, log)
    // Applied in chunks, one task each: give a loaded machine time.
    await widget.screen.findByText('Message 1200', {}, { timeout: REAL_WORK_TIMEOUT_MS })
    await waitFor(() => expect(widget.root.querySelectorAll('.ph-msg')).toHaveLength(200))
    expect(widget.screen.queryByText('Message 1000')).toBeNull()
    expect(widget.screen.getByText('Message 1001')).toBeTruthy()
  })
})
