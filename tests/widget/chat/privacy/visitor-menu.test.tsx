import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KeyValueStore, StoreKey } from '../../../../widget/storage/key-value-store'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { createFakeBackend } from '../../../support/fake-fetch'
import type { TestWidget } from '../../../support/mount-widget'
import { openChat, sendText } from '../../support/chat-helpers'

// The window's menu: Download my conversation (a text file and the JSON of GET
// /api/visitor/export) and Delete my conversation (DELETE /api/visitor after a
// confirmation, then the browser forgets the visitor and the window says it is done).

const widgets: TestWidget[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const widget of widgets.splice(0)) widget.unmount()
})

/** Every key in the store (the memory store has no listing: the widget's keys are known). */
async function storedKeys(storage: KeyValueStore): Promise<StoreKey[]> {
  const keys: StoreKey[] = [
    'session',
    'conversation',
    'outbox',
    'open',
    'unread',
    'invite-answer',
    'draft',
    'muted',
    'device',
    'consent',
  ]
  const values = await storage.getMany(keys)
  return keys.filter((_, index) => values[index] !== undefined)
}

async function chatWithMessage() {
  const storage = createMemoryStore()
  const widget = await openChat({ storage, backend: createFakeBackend() })
  widgets.push(widget)
  sendText(widget, 'Where is my order?')
  await widget.screen.findByText('Sent')
  return { widget, storage }
}

const openMenu = async (widget: TestWidget) => {
  fireEvent.click(widget.screen.getByRole('button', { name: 'Menu' }))
  return widget.screen.findByRole('heading', { name: 'Your conversation' })
}

describe('the window’s menu', () => {
  it('Download my conversation saves a readable text file and the JSON', async () => {
    const { widget } = await chatWithMessage()
    const saved: { name: string; blob: Blob }[] = []
    const blobs = new Map<string, Blob>()
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`
      blobs.set(url, blob as Blob)
      return url
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs.get(this.href)
      if (blob) saved.push({ name: this.download, blob })
    })
    await openMenu(widget)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Download my conversation' }))
    await waitFor(() => expect(saved).toHaveLength(2))
    const [text, json] = saved
    expect(text?.name).toMatch(/^porthole-conversation-\d{4}-\d{2}-\d{2}\.txt$/)
    expect(json?.name).toMatch(/^porthole-conversation-\d{4}-\d{2}-\d{2}\.json$/)
    const readable = await text?.blob.text()
    expect(readable).toMatch(/You:\nWhere is my order\?/)
    expect(readable).toMatch(/Agent:\nOn its way\./)
    expect(JSON.parse((await json?.blob.text()) ?? '')).toMatchObject({
      messages: [{ text: 'Where is my order?' }, { text: 'On its way.' }],
    })
    const exports = widget.backend.requests.filter((r) => r.path === '/api/visitor/export')
    expect(exports.map((r) => [r.method, r.token])).toEqual([['GET', 'token-1']])
  })

  it('Delete my conversation asks first, then erases, forgets and says so', async () => {
    const { widget, storage } = await chatWithMessage()
    expect(await storedKeys(storage)).toContain('session')
    await openMenu(widget)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Delete my conversation' }))
    // Cancel keeps everything.
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Cancel' }))
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Delete my conversation' }))
    await widget.screen.findByText(/This cannot be undone/)
    expect(widget.backend.requests.filter((r) => r.method === 'DELETE')).toEqual([])

    fireEvent.click(widget.screen.getByRole('button', { name: 'Delete' }))
    await widget.screen.findByText('Your conversation has been deleted.')
    const erasures = widget.backend.requests.filter((r) => r.path === '/api/visitor')
    expect(erasures.map((r) => [r.method, r.token])).toEqual([['DELETE', 'token-1']])
    expect(await storedKeys(storage)).toEqual([])
    // The conversation is off the screen, the live stream closed, the menu gone; closing
    // the window stores nothing either.
    expect(widget.screen.queryByText('Where is my order?')).toBeNull()
    expect(widget.stream().readyState).toBe(2)
    expect(widget.screen.queryByRole('button', { name: 'Menu' })).toBeNull()
    fireEvent.click(widget.screen.getByRole('button', { name: 'Close chat' }))
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
    expect(await storedKeys(storage)).toEqual([])
  })

  it('a refused erasure keeps everything and says so', async () => {
    const { widget, storage } = await chatWithMessage()
    widget.backend.revoked.add('token-1')
    await openMenu(widget)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Delete my conversation' }))
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Delete' }))
    await widget.screen.findByText('That did not work. Please try again.')
    expect(await storedKeys(storage)).toContain('session')
  })
})

describe('Porthole.exportData() and eraseData()', () => {
  it('resolve with the export and the receipt; erasing starts a new visitor', async () => {
    const { widget, storage } = await chatWithMessage()
    await expect(widget.widget.api.exportData()).resolves.toMatchObject({
      messages: [{ from: 'visitor' }, { from: 'agent' }],
    })
    await expect(widget.widget.api.eraseData()).resolves.toEqual({
      erased: { messages: 2, sessions: 1 },
      at: new Date(3_000).toISOString(),
    })
    expect(await storedKeys(storage)).toEqual([])
    // A new widget, for a new visitor, with nothing of the old one.
    await waitFor(() => expect(document.querySelectorAll('porthole-widget')).toHaveLength(1))
  })

  it('a visitor without a conversation has nothing to export; erasing forgets this browser', async () => {
    const storage = createMemoryStore()
    await storage.set('muted', true)
    const widget = await openChat({ storage })
    widgets.push(widget)
    await storage.del('session')
    await expect(widget.widget.api.exportData()).rejects.toMatchObject({ code: 'no_conversation' })
    await expect(widget.widget.api.eraseData()).resolves.toMatchObject({ erased: {} })
    expect(await storedKeys(storage)).toEqual([])
  })
})
