import { fireEvent, waitFor, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LANGUAGES } from '../../../shared/widget-api'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'
import { createEntry } from '../../support/widget-factories'
import { openChat, sendText, settle, streamText } from '../support/chat-helpers'

const widgets: TestWidget[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const widget of widgets.splice(0)) widget.widget.unmount()
  document.body.replaceChildren()
})
async function start(options: Parameters<typeof mountTestWidget>[0] = {}) {
  const widget = await mountTestWidget(options)
  widgets.push(widget)
  return widget
}
async function chat(options: Parameters<typeof openChat>[0] = {}) {
  const widget = await openChat(options)
  widgets.push(widget)
  return widget
}
/** The widget's frame now (a remount puts a new one in the page). */
function frameOf(): HTMLElement {
  const hosts = document.querySelectorAll('porthole-widget')
  const frame = hosts[hosts.length - 1]?.shadowRoot?.querySelector<HTMLElement>('.ph-frame')
  if (!frame) throw new Error('no widget in the page')
  return frame
}
/** The launcher, found even while hidden. */
function launcher(): HTMLButtonElement {
  const button = frameOf().querySelector<HTMLButtonElement>('.ph-launcher')
  if (!button) throw new Error('no launcher')
  return button
}

describe('hide() and show()', () => {
  it('hide the launcher only: the site’s own button still opens the chat', async () => {
    const widget = await start()
    widget.widget.api.hide()
    expect(launcher().hidden).toBe(true)
    widget.widget.api.open()
    expect(await widget.screen.findByRole('dialog')).toBeTruthy()
    expect(launcher().hidden).toBe(true)
    widget.widget.api.show()
    expect(launcher().hidden).toBe(false)
  })

  it('work when queued before the script loaded', async () => {
    const namespace: Record<string, unknown> = {
      q: [['hide'], ['setColor', '#ff0000']],
    }
    await start({ namespace })
    expect(launcher().hidden).toBe(true)
    await waitFor(() => expect(frameOf().style.getPropertyValue('--ph-accent')).toBe('#ff0000'))
  })
})

describe('setColor()', () => {
  it('recolours the widget at once, with readable text on it', async () => {
    const widget = await start()
    await widget.widget.api.setColor('#ffd60a')
    expect(frameOf().style.getPropertyValue('--ph-accent')).toBe('#ffd60a')
    expect(frameOf().style.getPropertyValue('--ph-on-accent')).toBe('#000')
    await expect(widget.widget.api.setColor('red')).rejects.toThrow(/hex colour/)
    expect(frameOf().style.getPropertyValue('--ph-accent')).toBe('#ffd60a')
  })
})

describe('setLanguage()', () => {
  it('mounts the widget again in the language, keeping the page’s listeners and the open chat', async () => {
    const widget = await chat()
    const opened = vi.fn()
    widget.widget.api.on('open', opened)
    await widget.widget.api.setLanguage('ru')
    expect(document.querySelectorAll('porthole-widget')).toHaveLength(1)
    await waitFor(() => expect(within(frameOf()).getByRole('dialog')).toBeTruthy())
    expect(launcher().getAttribute('aria-label')).toMatch(/Закрыть чат/)
    expect(frameOf().lang).toBe('ru')
    // The object mount() returned follows the new widget; the listener still hears it.
    opened.mockClear()
    widget.widget.api.close()
    widget.widget.api.open()
    expect(opened).toHaveBeenCalledTimes(1)
    await expect(widget.widget.api.setLanguage('xx')).rejects.toThrow(
      /one of the widget's languages \(en, ru, ar, .*\), not xx/,
    )
  })

  // Issue 35, defect 5: it refused everything but en and ru while the widget has 36 languages.
  it('takes every language the widget has, and any tag of one (pt-BR)', async () => {
    const widget = await start()
    await widget.widget.api.setLanguage('de')
    expect(frameOf().lang).toBe('de')
    expect(launcher().getAttribute('aria-label')).toBe('Chat öffnen')
    await widget.widget.api.setLanguage('ar')
    expect(frameOf().dir).toBe('rtl')
    await widget.widget.api.setLanguage('pt-BR')
    expect(frameOf().lang).toBe('pt')
    for (const lang of LANGUAGES) await widget.widget.api.setLanguage(lang)
    expect(frameOf().lang).toBe(LANGUAGES.at(-1))
  })
})

describe('shutdown() and boot()', () => {
  it('revokes the session, removes the widget and everything it stored; boot() starts a new visitor', async () => {
    const storage = createMemoryStore()
    const backend = createFakeBackend()
    const widget = await chat({ storage, backend })
    widget.stream().open()
    sendText(widget, 'Hello')
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    const { token } = (await storage.get('session')) as { token: string }
    await widget.widget.api.shutdown()
    expect(backend.revoked.has(token)).toBe(true)
    expect(document.querySelector('porthole-widget')).toBeNull()
    const keys = ['session', 'conversation', 'outbox', 'open', 'unread', 'draft'] as const
    expect(await storage.getMany([...keys])).toEqual(keys.map(() => undefined))
    await widget.widget.api.boot()
    expect(document.querySelectorAll('porthole-widget')).toHaveLength(1)
    // A second boot() does not mount a second widget.
    await widget.widget.api.boot()
    expect(document.querySelectorAll('porthole-widget')).toHaveLength(1)
    widget.widget.api.open()
    await within(frameOf()).findByRole('dialog')
    await waitFor(async () =>
      expect(((await storage.get('session')) as { token: string } | undefined)?.token).not.toBe(
        token,
      ),
    )
  })

  it('keeps nothing of a message still on its way: the next visitor neither sees nor sends it', async () => {
    const storage = createMemoryStore()
    const backend = createFakeBackend()
    const held = backend.hold()
    const widget = await chat({ storage, backend })
    widget.stream().open()
    sendText(widget, 'remember me?')
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    await widget.widget.api.shutdown()
    // The service takes it after the session ended on this device.
    held.accept()
    await settle()
    const keys = ['session', 'conversation', 'outbox', 'unread'] as const
    expect(await storage.getMany([...keys])).toEqual(keys.map(() => undefined))
    await widget.widget.api.boot()
    widget.widget.api.open()
    await within(frameOf()).findByRole('dialog')
    await settle()
    expect(within(frameOf()).queryByText('remember me?')).toBeNull()
    expect(backend.texts()).toHaveLength(1)
  })

  it('another open tab forgets the conversation too and goes on as a new visitor, storing nothing of the old one', async () => {
    const a = await chat()
    const b = await start({ base: a.widget.context.base, storage: a.storage, backend: a.backend })
    await waitFor(() => expect(b.EventSource.instances.length).toBeGreaterThan(0))
    const reply = createEntry({ id: '8', content: { type: 'text', text: 'Shared reply' } })
    for (const tab of [a, b]) tab.stream().emit('message', reply, '8')
    await b.screen.findByText('Shared reply')
    const { token } = (await a.storage.get('session')) as { token: string }
    await a.widget.api.shutdown()
    await waitFor(() => expect(b.screen.queryByText('Shared reply')).toBeNull())
    // A new visitor in that tab, with a credential of its own.
    await waitFor(() => expect(b.streamToken()).toBeDefined())
    await waitFor(() => expect(b.streamToken()).not.toBe(token))
    await settle(50)
    expect(await a.storage.get('entry:8')).toBeUndefined()
    const [record] = await a.storage.getMany(['conversation'])
    expect(record === undefined || (record as { ids: string[] }).ids.length === 0).toBe(true)
  })

  it('empties the storage even when the backend cannot be reached, and says so', async () => {
    const storage = createMemoryStore()
    await storage.set('session', { visitorId: 'v', token: 'gone', contact: {} })
    const backend = createFakeBackend()
    const widget = await start({
      storage,
      backend: {
        ...backend,
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          if (init?.method === 'DELETE') throw new TypeError('Failed to fetch')
          return backend.fetch(input, init)
        }) as typeof fetch,
      },
    })
    await expect(widget.widget.api.shutdown()).rejects.toThrow(/Failed to fetch/)
    expect(await storage.get('session')).toBeUndefined()
    expect(document.querySelector('porthole-widget')).toBeNull()
  })

  it('destroy() removes the widget and keeps the visitor; boot() brings the same visitor back', async () => {
    const storage = createMemoryStore()
    await storage.set('session', { visitorId: 'v', token: 'kept', contact: {} })
    const widget = await start({ storage })
    widget.widget.api.destroy()
    expect(document.querySelector('porthole-widget')).toBeNull()
    await widget.widget.api.boot()
    expect(document.querySelector('porthole-widget')).not.toBeNull()
    expect(await storage.get('session')).toMatchObject({ token: 'kept' })
  })
})

describe('setAttributes()', () => {
  it('puts the profile fields in the profile and the others in the page address messages carry', async () => {
    const backend = createFakeBackend()
    const widget = await chat({ backend })
    widget.stream().open()
    await widget.widget.api.setAttributes({ name: 'Jane Doe', plan: 'pro', seats: 3, trial: false })
    const contact = backend.requests.find((request) => request.body?.contact)
    expect(contact?.body?.contact).toEqual({ name: 'Jane Doe' })
    sendText(widget, 'Hi')
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    const url = new URL(String(backend.texts()[0]?.body?.url))
    expect(url.searchParams.get('ph.plan')).toBe('pro')
    expect(url.searchParams.get('ph.seats')).toBe('3')
    expect(url.searchParams.get('ph.trial')).toBe('false')
    expect(url.searchParams.has('ph.name')).toBe(false)
    // null removes one; the rest stay.
    await widget.widget.api.setAttributes({ plan: null })
    sendText(widget, 'Again')
    await waitFor(() => expect(backend.texts()).toHaveLength(2))
    const second = new URL(String(backend.texts()[1]?.body?.url))
    expect(second.searchParams.has('ph.plan')).toBe(false)
    expect(second.searchParams.get('ph.seats')).toBe('3')
  })

  it('refuses bad input with a clear error and changes nothing', async () => {
    const widget = await start()
    const api = widget.widget.api
    await expect(api.setAttributes('plan=pro' as never)).rejects.toThrow(/expects an object/)
    await expect(api.setAttributes({ 'bad name': 1 })).rejects.toThrow(/"bad name"/)
    await expect(api.setAttributes({ plan: { tier: 1 } })).rejects.toThrow(/plan must be/)
    await expect(api.setAttributes({ plan: 'x'.repeat(201) })).rejects.toThrow(/plan must be/)
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`a${i}`, i]))
    await expect(api.setAttributes(many)).rejects.toThrow(/at most 20/)
    await expect(api.setAttributes({ email: 'nope' })).rejects.toThrow(/e-mail/)
    expect(widget.widget.context.url()).toBe(location.href)
  })
})

describe('events', () => {
  it('agentJoined: once, on the first agent message of the conversation', async () => {
    const widget = await chat()
    const joined = vi.fn()
    widget.widget.api.on('agentJoined', joined)
    widget.stream().open()
    widget.stream().emit('message', createEntry({ id: '1', author: 'bot', name: 'Bot' }), '1')
    widget.stream().emit('message', createEntry({ id: '2', name: 'Anna' }), '2')
    widget.stream().emit('message', createEntry({ id: '3', name: 'Anna' }), '3')
    await waitFor(() => expect(joined).toHaveBeenCalledTimes(1))
    await settle(20)
    expect(joined).toHaveBeenCalledExactlyOnceWith({ name: 'Anna' })
  })
})

describe('business hours', () => {
  it('outside them the widget is offline whatever the agents, and back at the hour the status says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const backend = createFakeBackend({ config: { statusPollSeconds: 60 } })
    backend.state.open = false
    const widget = await start({ backend })
    await vi.advanceTimersByTimeAsync(10)
    expect(launcher().getAttribute('aria-label')).toMatch(/Leave a message/)
    // The agent is online all along; the hours open: the next poll (at most 72 s) says so.
    backend.state.open = true
    await vi.advanceTimersByTimeAsync(47_000)
    expect(launcher().getAttribute('aria-label')).toMatch(/Leave a message/)
    await vi.advanceTimersByTimeAsync(26_000)
    expect(launcher().getAttribute('aria-label')).toMatch(/We are online/)
    expect(widget.widget.context.ui.get()).toMatchObject({ online: true, away: false })
  })

  it('hides the launcher outside them when the settings say so (shown again when open)', async () => {
    const backend = createFakeBackend({
      config: { businessHours: { outside: 'hide', openNow: false } },
    })
    backend.state.open = false
    const widget = await start({ backend })
    expect(launcher().hidden).toBe(true)
    backend.state.open = true
    widget.widget.context.ui.set({ away: false })
    expect(launcher().hidden).toBe(false)
  })

  it('takes openNow from the config until the first status answer', async () => {
    const backend = createFakeBackend({
      config: { businessHours: { outside: 'offline-form', openNow: false } },
    })
    // No status answer yet: a fetch that never settles.
    const widget = await start({
      backend: {
        ...backend,
        fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
          String(input).endsWith('/api/status')
            ? new Promise(() => {})
            : backend.fetch(input, init)) as typeof fetch,
      },
    })
    expect(widget.widget.context.ui.get().away).toBe(true)
  })
})

describe('the launcher label and a reply’s preview', () => {
  it('shows the status beside the launcher when the settings ask, always or on hover', async () => {
    const always = await start({
      backend: createFakeBackend({ config: { launcherLabel: 'always' } }),
    })
    const label = await waitFor(() => {
      const found = launcher().querySelector('.ph-label')
      expect(found?.textContent).toBe('We are online')
      return found
    })
    expect(label?.classList.contains('ph-always')).toBe(true)
    always.widget.unmount()
    await start({ backend: createFakeBackend({ config: { launcherLabel: 'hover' } }) })
    await waitFor(() =>
      expect(launcher().querySelector('.ph-label')?.classList.contains('ph-hover')).toBe(true),
    )
  })

  it('previews a reply that arrives while the chat is closed; opening reads it, × dismisses it', async () => {
    const widget = await chat()
    widget.stream().open()
    widget.widget.api.close()
    streamText(widget, '5', 'Your order shipped')
    const preview = await within(frameOf()).findByText('Your order shipped')
    expect(preview.closest('.ph-invite')?.hasAttribute('hidden')).toBe(false)
    fireEvent.click(preview)
    await within(frameOf()).findByRole('dialog')
    expect(widget.widget.context.ui.get().peek).toBeUndefined()
    // No invitation answered: the next message does not carry one.
    expect(widget.widget.context.ui.get().inviteAnswer).toBeUndefined()
    widget.widget.api.close()
    streamText(widget, '6', 'Anything else?')
    await within(frameOf()).findByText('Anything else?')
    fireEvent.click(within(frameOf()).getByRole('button', { name: 'Dismiss invitation' }))
    expect(widget.widget.context.ui.get().peek).toBeUndefined()
  })
})
