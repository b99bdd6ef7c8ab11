import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount } from '../../../widget/loader/start'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { createFakeBackend, json } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'
import { createBase } from '../../support/widget-factories'

const widgets: TestWidget[] = []
afterEach(() => {
  vi.restoreAllMocks()
  document.documentElement.removeAttribute('dir')
  for (const widget of widgets.splice(0)) widget.unmount()
})
async function start(options: Parameters<typeof mountTestWidget>[0] = {}) {
  const widget = await mountTestWidget(options)
  widgets.push(widget)
  return widget
}

describe('mounting', () => {
  it('renders into an open shadow root styled only by constructable stylesheets', async () => {
    const widget = await start()
    expect(widget.root.adoptedStyleSheets.length).toBe(1)
    expect(widget.root.querySelector('style, link')).toBeNull()
    expect(document.head.querySelector('style')).toBeNull()
    const frame = widget.root.querySelector('.ph-frame') as HTMLElement
    expect(frame.style.getPropertyValue('--ph-accent')).toBe('#1f6feb')
    expect(frame.classList.contains('ph-bottom-right')).toBe(true)
  })

  it('adds the chat stylesheet when the chat opens', async () => {
    const widget = await start()
    widget.widget.api.open()
    await widget.screen.findByRole('dialog')
    expect(widget.root.adoptedStyleSheets.length).toBe(2)
  })

  it('labels the launcher with the status and language', async () => {
    const backend = createFakeBackend({ config: { lang: 'ru' } })
    const widget = await start({ backend })
    await waitFor(() =>
      expect(widget.screen.getByRole('button').getAttribute('aria-label')).toBe(
        'Открыть чат. Мы на связи',
      ),
    )
    backend.state.online = false
  })

  it('follows a right-to-left page', async () => {
    document.documentElement.setAttribute('dir', 'rtl')
    const widget = await start()
    expect(widget.root.querySelector('.ph-frame')?.getAttribute('dir')).toBe('rtl')
  })

  it('opens and closes from the launcher with events and remembers the state', async () => {
    const widget = await start()
    const events: string[] = []
    widget.widget.api.on('open', () => events.push('open'))
    widget.widget.api.on('close', () => events.push('close'))
    const launcher = widget.screen.getByRole('button', { name: /open chat/i })
    fireEvent.click(launcher)
    await widget.screen.findByRole('dialog')
    expect(launcher.getAttribute('aria-expanded')).toBe('true')
    expect(await widget.storage.get('open')).toBe(true)
    widget.widget.api.toggle()
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
    expect(events).toEqual(['open', 'close'])
    expect(await widget.storage.get('open')).toBe(false)
  })

  it('does not load the chat for a new visitor until they engage', async () => {
    const loadChat = vi.fn(() => import('../../../widget/chat/window/start-chat'))
    const widget = await start({ loadChat })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(loadChat).not.toHaveBeenCalled()
    expect(widget.backend.requests.map((request) => request.path)).toEqual([
      '/api/config',
      '/api/status',
    ])
    widget.widget.api.open()
    await waitFor(() => expect(loadChat).toHaveBeenCalledTimes(1))
  })

  it('fails with a clear error and leaves nothing behind when the config is unreadable', async () => {
    const backend = createFakeBackend()
    backend.state.config = { title: 'x', color: 'blue' }
    const container = document.createElement('div')
    await expect(
      mount({
        base: createBase(),
        container,
        fetch: backend.fetch,
        storage: createMemoryStore(),
        loadChat: () => import('../../../widget/chat/window/start-chat'),
        loadLanguage: () => Promise.reject(new Error('not asked for')),
        loadInvite: () => import('../../../widget/loader/invite'),
      }),
    ).rejects.toThrow(/api\/config answered 200, unreadable/)
    expect(container.childElementCount).toBe(0)
  })

  it('reports a chat chunk that cannot load and keeps the launcher usable', async () => {
    const widget = await start({ loadChat: () => Promise.reject(new Error('offline')) })
    const errors: unknown[] = []
    widget.widget.api.on('error', (error) => errors.push(error))
    widget.widget.api.open()
    await waitFor(() =>
      expect(errors).toEqual([
        { code: 'load_failed', message: 'The chat could not load: Error: offline' },
      ]),
    )
    await waitFor(() =>
      expect(widget.screen.getByRole('button').getAttribute('aria-expanded')).toBe('false'),
    )
  })

  it('survives a throwing event handler', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const widget = await start()
    const after = vi.fn()
    widget.widget.api.on('open', () => {
      throw new Error('site bug')
    })
    widget.widget.api.on('open', after)
    widget.widget.api.open()
    expect(after).toHaveBeenCalled()
  })
})

describe('the JS API namespace', () => {
  it('runs calls queued before the script loaded, then runs later pushes at once', async () => {
    const ready = vi.fn()
    const opened = vi.fn()
    const namespace: Record<string, unknown> = {
      q: [['on', 'ready', ready], ['on', 'open', opened], ['open'], ['nonsense']],
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const widget = await start({ namespace })
    expect(ready).toHaveBeenCalledTimes(1)
    expect(opened).toHaveBeenCalledTimes(1)
    await widget.screen.findByRole('dialog')
    expect(console.error).toHaveBeenCalledWith('Porthole: unknown call:', ['nonsense'])
    const api = namespace as unknown as {
      q: { push(call: unknown[]): void }
      getUnreadCount(): number
      close(): void
    }
    api.q.push(['close'])
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
    expect(api.getUnreadCount()).toBe(0)
  })

  it('adds no globals besides the namespace', async () => {
    const before = new Set(Object.keys(window))
    const namespace: Record<string, unknown> = {}
    await start({ namespace })
    const added = Object.keys(window).filter((key) => !before.has(key))
    expect(added).toEqual([])
    expect(Object.keys(namespace).sort()).toEqual(
      [
        'clearHistory',
        'close',
        'getUnreadCount',
        'identify',
        'off',
        'on',
        'open',
        'q',
        'sendMessage',
        'setContact',
        'showInvite',
        'toggle',
        'hide',
        'show',
        'setAttributes',
        'setLanguage',
        'setColor',
        'shutdown',
        'boot',
        'destroy',
        'searchArticles',
        'openArticle',
        'exportData',
        'eraseData',
      ].sort(),
    )
  })
})

describe('status', () => {
  it('shows offline on the launcher', async () => {
    const widget = await start({ backend: createFakeBackend({ online: false }) })
    await waitFor(() =>
      expect(widget.screen.getByRole('button').getAttribute('aria-label')).toContain(
        'Leave a message',
      ),
    )
    expect(widget.root.querySelector('.ph-launcher')?.classList.contains('ph-offline')).toBe(true)
  })

  it('keeps working when /api/status fails', async () => {
    const backend = createFakeBackend()
    const fetch = backend.fetch
    const widget = await start({
      backend: {
        ...backend,
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) =>
          String(input).endsWith('/api/status')
            ? json({ error: { code: 'x', message: 'y' } }, 500)
            : fetch(input, init)) as typeof globalThis.fetch,
      },
    })
    expect(widget.screen.getByRole('button', { name: 'Open chat' })).toBeTruthy()
  })
})
