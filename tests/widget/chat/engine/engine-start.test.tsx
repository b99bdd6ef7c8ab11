import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { createFakeBackend } from '../../../support/fake-fetch'
import {
  mountTestWidget,
  type TestWidget,
  type TestWidgetOptions,
} from '../../../support/mount-widget'
import { createBase } from '../../../support/widget-factories'
import { settle } from '../../support/chat-helpers'

// A new visitor's first open shows the chat and starts nothing more: the conversation's
// engine (session, live stream, outbox: widget/chat/engine/engine.ts, a chunk of its own) starts
// with the first key in the message box, a send, or another tab's news; a returning
// visitor's open starts it at once.

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

async function opened(options: TestWidgetOptions = {}): Promise<TestWidget> {
  const widget = await mountTestWidget(options)
  widgets.push(widget)
  // A browser where the chat was left open (the same storage) opens it by itself.
  const launcher = widget.screen.queryByRole('button', { name: /open chat/i })
  if (launcher) fireEvent.click(launcher)
  await widget.screen.findByRole('dialog')
  return widget
}

const box = (widget: TestWidget) => widget.screen.getByRole('textbox', { name: 'Message' })
const sessions = (widget: TestWidget) =>
  widget.backend.requests.filter((request) => request.path === '/api/session')

describe('the conversation starts when the visitor does', () => {
  it('a new visitor who opens the chat and types nothing creates no session and no stream', async () => {
    const widget = await opened({
      backend: createFakeBackend({ config: { greeting: 'Hi! How can we help?' } }),
    })
    await widget.screen.findByText('Hi! How can we help?')
    await settle(100)
    expect(sessions(widget)).toEqual([])
    expect(widget.EventSource.instances).toHaveLength(0)
    // Nor does the header claim a connection problem: no stream is expected yet.
    await settle(50)
    expect(widget.root.querySelector('.ph-header')?.textContent).not.toMatch(/Connecting/)

    fireEvent.keyDown(box(widget), { key: 'H' })
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(1))
    expect(sessions(widget).map((request) => request.method)).toEqual(['POST'])
  })

  it('a message typed and sent before the engine is there is stored, shown and sent once', async () => {
    // What the chat window stores itself (the engine writes with storage.write).
    const storage = createMemoryStore()
    const stored: unknown[] = []
    const set = storage.set.bind(storage)
    storage.set = (key, value) => {
      if (key === 'outbox') stored.push(value)
      return set(key, value)
    }
    const widget = await opened({ storage })
    // No key event: the input and Enter arrive at once (a paste, a phone's keyboard).
    fireEvent.input(box(widget), { target: { value: 'Quick question' } })
    fireEvent.keyDown(box(widget), { key: 'Enter' })
    fireEvent.keyDown(box(widget), { key: 'Enter' })
    // Shown and stored, the box emptied.
    await widget.screen.findByText('Quick question')
    expect((box(widget) as HTMLTextAreaElement).value).toBe('')
    await widget.screen.findByText('Sent')
    expect(stored).toMatchObject([[{ text: 'Quick question' }]])
    expect(widget.backend.texts().map((request) => request.body?.text)).toEqual(['Quick question'])
    expect(widget.screen.getAllByText('Quick question')).toHaveLength(1)
  })

  it('a message sent before the engine is there is written at once, not after a read', async () => {
    // A page closed right after Enter never sees a read's answer: a write that waits for
    // one is lost. Here the stored outbox's read never answers, as on such a page.
    const storage = createMemoryStore()
    const stored: unknown[] = []
    const set = storage.set.bind(storage)
    const get = storage.get.bind(storage)
    storage.set = (key, value) => {
      if (key === 'outbox') stored.push(value)
      return set(key, value)
    }
    storage.get = (key) => (key === 'outbox' ? new Promise(() => {}) : get(key))
    const widget = await opened({ storage })
    fireEvent.input(box(widget), { target: { value: 'Sent as the tab closes' } })
    fireEvent.keyDown(box(widget), { key: 'Enter' })
    await widget.screen.findByText('Sent as the tab closes')
    expect(stored).toMatchObject([[{ text: 'Sent as the tab closes' }]])
  })

  it('a returning visitor’s open starts the engine at once, without a key', async () => {
    const storage = createMemoryStore()
    const base = createBase()
    const first = await opened({ storage, base })
    fireEvent.input(box(first), { target: { value: 'First visit' } })
    fireEvent.keyDown(box(first), { key: 'Enter' })
    await first.screen.findByText('Sent')
    // Its log is written (batched) before the page goes.
    await waitFor(async () => expect(await storage.get('conversation')).toBeDefined())
    first.unmount()
    widgets.splice(widgets.indexOf(first), 1)

    const again = await opened({ storage, base, backend: first.backend })
    await waitFor(() => expect(again.EventSource.instances).toHaveLength(1))
    await again.screen.findByText('First visit')
  })

  it('a returning visitor sees the log busy while it is read, not a new conversation’s greeting', async () => {
    const storage = createMemoryStore()
    const base = createBase()
    const backend = createFakeBackend({ config: { greeting: 'Hi! How can we help?' } })
    // A conversation that began before what the window keeps: the greeting is not atop it.
    await storage.set('session', { visitorId: 'visitor-token-9', token: 'token-9', contact: {} })
    await storage.set('conversation', { ids: ['e-1'], lastEventId: 'e-1' })
    await storage.set('entry:e-1', {
      id: 'e-1',
      author: 'agent',
      name: 'Anna',
      content: { type: 'text', text: 'Your parcel left today.' },
      at: Date.now(),
    })
    // The engine's read of the stored conversation waits until released.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const getMany = storage.getMany.bind(storage)
    storage.getMany = async (keys) => {
      if (keys[0] === 'conversation') await held
      return getMany(keys)
    }
    const widget = await opened({ storage, base, backend })
    await settle(50)
    const log = widget.screen.getByRole('log')
    expect(log.getAttribute('aria-busy')).toBe('true')
    expect(log.querySelector('.ph-loading .ph-dots')).not.toBeNull()
    expect(widget.screen.queryByText('Hi! How can we help?')).toBeNull()
    // The composer is there meanwhile: the visitor may start typing.
    expect(box(widget)).toBeTruthy()

    release()
    await widget.screen.findByText('Your parcel left today.')
    await waitFor(() => expect(log.getAttribute('aria-busy')).not.toBe('true'))
    expect(log.querySelector('.ph-loading')).toBeNull()
  })

  it('opens for a visitor whose storage cannot be read, as for a new one, and chats', async () => {
    const storage = createMemoryStore()
    const getMany = storage.getMany.bind(storage)
    let refuse = true
    storage.getMany = (keys) => {
      if (keys.includes('muted') && refuse) {
        refuse = false
        return Promise.reject(new Error('the storage failed'))
      }
      return getMany(keys)
    }
    const errors: unknown[] = []
    const widget = await opened({ storage })
    widget.widget.api.on('error', (error) => errors.push(error))
    fireEvent.input(box(widget), { target: { value: 'Still here' } })
    fireEvent.keyDown(box(widget), { key: 'Enter' })
    await widget.screen.findByText('Sent')
    expect(errors).toEqual([])
  })

  it('an engine whose start failed (storage refused) leaves nothing running; the next key starts a working one', async () => {
    const storage = createMemoryStore()
    const get = storage.get.bind(storage)
    let refuse = true
    storage.get = (key) => {
      if (key === 'session' && refuse) {
        refuse = false
        return Promise.reject(new Error('the storage failed'))
      }
      return get(key)
    }
    const base = createBase()
    const widget = await opened({ storage, base })
    fireEvent.keyDown(box(widget), { key: 'H' })
    await settle(50)
    expect(widget.EventSource.instances).toHaveLength(0)
    fireEvent.keyDown(box(widget), { key: 'i' })
    await waitFor(() => expect(widget.EventSource.instances).toHaveLength(1))
    // Another tab's news: only the working engine hears it (it has this session already).
    const other = new BroadcastChannel(`porthole:${base}`)
    other.postMessage({ kind: 'session' })
    other.close()
    await settle(100)
    expect(widget.EventSource.instances).toHaveLength(1)
  })

  it('another tab’s first message starts this tab’s engine and shows here', async () => {
    const storage = createMemoryStore()
    const base = createBase()
    const backend = createFakeBackend()
    const quiet = await opened({ storage, base, backend })
    const talking = await opened({ storage, base, backend })
    fireEvent.input(box(talking), { target: { value: 'From the other tab' } })
    fireEvent.keyDown(box(talking), { key: 'Enter' })
    await talking.screen.findByText('Sent')
    await waitFor(() => expect(quiet.EventSource.instances).toHaveLength(1))
    await quiet.screen.findByText('From the other tab')
  })
})
