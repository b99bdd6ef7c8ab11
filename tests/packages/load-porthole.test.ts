// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Namespace } from '../../widget/loader/js-api'
import { startFakeWidget } from './support/fake-widget'

// loadPorthole(): the recommended embed's timing, one script, the options as its
// data-attributes, consent, and the queue in front of the widget's own.

type Host = { Porthole?: Namespace }
const host = window as unknown as Host

beforeEach(() => {
  vi.useFakeTimers()
  // happy-dom loads no script: it is to report that as a load, not as an error.
  const happyDOM = (window as unknown as { happyDOM: { settings: Record<string, unknown> } })
    .happyDOM
  happyDOM.settings.handleDisabledFileLoadingAsSuccess = true
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.resetModules()
  delete host.Porthole
  document.body.replaceChildren()
  document.head.replaceChildren()
})

/** A fresh copy of the package (its one API per page is module state). */
function load() {
  return import('../../packages/porthole/src/index')
}

/** A script the page has already (never run: happy-dom loads none). */
function pageScript(src: string): void {
  const script = document.createElement('script')
  script.type = 'text/plain'
  script.setAttribute('src', src)
  document.head.append(script)
}

function scripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[src]')]
}

describe('loadPorthole', () => {
  it('adds widget.js 250 ms after the page’s load event, once; a second call returns the same API', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const { loadPorthole } = await load()
    const porthole = loadPorthole({ url: 'https://chat.example.com/' })
    expect(loadPorthole({ url: 'https://chat.example.com' })).toBe(porthole)
    vi.advanceTimersByTime(1000)
    expect(scripts()).toEqual([])
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(249)
    expect(scripts()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(scripts().map((script) => script.src)).toEqual(['https://chat.example.com/widget.js'])
    loadPorthole({ url: 'https://chat.example.com' })
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(1000)
    expect(scripts()).toHaveLength(1)
  })

  it('passes every data-attribute the embed docs list, from its options', async () => {
    const { loadPorthole } = await load()
    loadPorthole({
      url: 'https://chat.example.com',
      title: 'Acme help',
      color: '#0f766e',
      position: 'bottom-left',
      lang: 'ru',
      inviteText: 'Questions?',
      inviteDelay: 15,
    })
    vi.advanceTimersByTime(250)
    const [script] = scripts()
    const attributes = script?.getAttributeNames().filter((name) => name.startsWith('data-'))
    const docs = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../../docs/site-owners/embedding.md'),
      'utf8',
    )
    const documented = [...docs.matchAll(/^\| `(data-[\w-]+)` \|/gm)].map((match) => match[1])
    expect(documented.length).toBeGreaterThan(5)
    expect(attributes?.sort()).toEqual(documented.sort())
    expect(script?.dataset).toMatchObject({ inviteDelay: '15', position: 'bottom-left' })
  })

  it('with consent: false adds nothing until grantConsent()', async () => {
    const { loadPorthole } = await load()
    const porthole = loadPorthole({ url: 'https://chat.example.com', consent: false })
    vi.advanceTimersByTime(10_000)
    expect(scripts()).toEqual([])
    expect(host.Porthole).toBeUndefined()
    porthole.grantConsent()
    vi.advanceTimersByTime(250)
    expect(scripts()).toHaveLength(1)
  })

  it('queues calls until the widget is up, in order, settling each with the widget’s answer', async () => {
    const { loadPorthole } = await load()
    const porthole = loadPorthole({ url: 'https://chat.example.com' })
    porthole.hide()
    const contact = porthole.setContact({ name: 'Jane' })
    const refused = porthole.setColor('red')
    expect(porthole.getUnreadCount()).toBe(0)
    vi.advanceTimersByTime(250)
    const { calls } = startFakeWidget({
      setColor: () => Promise.reject(new TypeError('must be a hex colour')),
    })
    await expect(contact).resolves.toBeUndefined()
    await expect(refused).rejects.toThrow('must be a hex colour')
    expect(calls.filter(([name]) => name !== 'on')).toEqual([
      ['hide'],
      ['setContact', { name: 'Jane' }],
      ['setColor', 'red'],
    ])
    // Up: straight to the widget.
    expect(porthole.getUnreadCount()).toBe(3)
    porthole.open()
    expect(calls.at(-1)).toEqual(['open'])
  })

  it('a `ready` listener added before the widget is up hears it', async () => {
    const { loadPorthole } = await load()
    const porthole = loadPorthole({ url: 'https://chat.example.com' })
    const ready = vi.fn()
    porthole.on('ready', ready)
    vi.advanceTimersByTime(250)
    startFakeWidget()
    expect(ready).toHaveBeenCalledTimes(1)
  })

  it('signs the user in first (identify with the server’s hash)', async () => {
    const { loadPorthole } = await load()
    const user = { id: 'user-42', hash: 'ab'.repeat(32), name: 'Jane' }
    const porthole = loadPorthole({ url: 'https://chat.example.com', user })
    porthole.open()
    vi.advanceTimersByTime(250)
    const { calls } = startFakeWidget()
    expect(calls.filter(([name]) => name !== 'on')).toEqual([['identify', user], ['open']])
  })

  it('destroy() then boot() before the widget is up cancel out (a component remounted at once)', async () => {
    const { loadPorthole } = await load()
    const porthole = loadPorthole({ url: 'https://chat.example.com' })
    porthole.destroy()
    await porthole.boot()
    vi.advanceTimersByTime(250)
    const { calls } = startFakeWidget()
    expect(calls.filter(([name]) => name !== 'on')).toEqual([])
  })

  it('rejects the waiting calls when widget.js cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { loadPorthole } = await load()
    const porthole = loadPorthole({ url: 'https://chat.example.com' })
    const sent = porthole.sendMessage('hello')
    vi.advanceTimersByTime(250)
    scripts()[0]?.onerror?.(new Event('error'))
    await expect(sent).rejects.toThrow('could not load https://chat.example.com/widget.js')
  })

  it('adds no second widget.js where the page has the embed code already (any query)', async () => {
    for (const [src, url] of [
      ['https://chat.example.com/widget.js', 'https://chat.example.com'],
      ['https://chat.example.com/widget.js?v=3', 'https://chat.example.com/'],
    ] as const) {
      document.head.replaceChildren()
      vi.resetModules()
      pageScript(src)
      const { loadPorthole } = await load()
      loadPorthole({ url })
      vi.advanceTimersByTime(1000)
      expect(scripts(), src).toHaveLength(1)
    }
  })

  it('loads where the page has another vendor’s widget.js (issue 39, item 13)', async () => {
    pageScript('https://cdn.othervendor.example/widget.js')
    pageScript('https://chat.example.com/other/widget.js')
    pageScript('/widget.js')
    const { loadPorthole } = await load()
    loadPorthole({ url: 'https://chat.example.com' })
    vi.advanceTimersByTime(250)
    expect(scripts().map((script) => script.src)).toContain('https://chat.example.com/widget.js')
    expect(scripts()).toHaveLength(4)
  })

  it('adds no widget.js once Porthole’s has started, whatever its address', async () => {
    host.Porthole = { q: [] }
    ;(host.Porthole as { started?: boolean }).started = true
    const { loadPorthole } = await load()
    loadPorthole({ url: 'https://chat.example.com' })
    vi.advanceTimersByTime(1000)
    expect(scripts()).toEqual([])
  })

  it('refuses a missing or relative url with what to pass', async () => {
    const { loadPorthole } = await load()
    expect(() => loadPorthole({ url: 'chat.example.com' })).toThrow(
      /needs \{ url \}: your Porthole backend, like https:\/\/chat\.example\.com/,
    )
  })
})
