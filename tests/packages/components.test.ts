// @vitest-environment happy-dom
import { act, createElement, StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp, h, nextTick, reactive } from 'vue'
import type { IdentifiedUser } from '../../packages/porthole/src/types'
import type { Namespace } from '../../widget/loader/js-api'
import { startFakeWidget } from './support/fake-widget'

// The React and Vue components: consent, the signed-in user, attributes and the widget's
// life with the component's (each test has a fresh copy of the package: one widget a page).

const host = window as unknown as { Porthole?: Namespace; IS_REACT_ACT_ENVIRONMENT?: boolean }
const URL = 'https://chat.example.com'
const JANE: IdentifiedUser = { id: 'user-42', hash: 'ab'.repeat(32), name: 'Jane' }

beforeEach(() => {
  vi.useFakeTimers()
  host.IS_REACT_ACT_ENVIRONMENT = true
  const happyDOM = (window as unknown as { happyDOM: { settings: Record<string, unknown> } })
    .happyDOM
  happyDOM.settings.handleDisabledFileLoadingAsSuccess = true
})
afterEach(() => {
  vi.useRealTimers()
  vi.resetModules()
  delete host.Porthole
  document.body.replaceChildren()
})

const scripts = () => document.querySelectorAll('script[src$="/widget.js"]').length
/** The calls the widget got, but its own `on` registrations. */
const made = (calls: unknown[][]) => calls.filter(([name]) => name !== 'on')

describe('React: <PortholeChat>', () => {
  let root: Root | undefined
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
  })

  async function render(props: Record<string, unknown>) {
    const { PortholeChat } = await import('../../packages/porthole/src/react')
    const container = document.createElement('div')
    document.body.append(container)
    root ??= createRoot(container)
    const at = root
    const draw = (next: Record<string, unknown>) =>
      act(() => at.render(createElement(PortholeChat, { url: URL, ...next })))
    draw(props)
    return draw
  }

  it('waits for consent, then adds widget.js once', async () => {
    const draw = await render({ consent: false })
    vi.advanceTimersByTime(5000)
    expect(scripts()).toBe(0)
    draw({ consent: true })
    vi.advanceTimersByTime(250)
    expect(scripts()).toBe(1)
    draw({ consent: true, title: 'Another' })
    vi.advanceTimersByTime(1000)
    expect(scripts()).toBe(1)
  })

  it('signs the user in once, and forgets the conversation on sign-out', async () => {
    const draw = await render({})
    vi.advanceTimersByTime(250)
    const { calls } = startFakeWidget()
    draw({ user: JANE })
    draw({ user: { ...JANE } })
    draw({ user: undefined })
    expect(made(calls)).toEqual([['identify', JANE], ['clearHistory']])
  })

  it('identifies a user given at the first render before anything else, and sends attributes', async () => {
    await render({ user: JANE, attributes: { plan: 'pro' } })
    vi.advanceTimersByTime(250)
    const { calls } = startFakeWidget()
    expect(made(calls)).toEqual([
      ['identify', JANE],
      ['setAttributes', { plan: 'pro' }],
    ])
  })

  it('in StrictMode (mounted, unmounted and mounted again at once) loads one widget and calls nothing', async () => {
    const { PortholeChat } = await import('../../packages/porthole/src/react')
    const container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
    const at = root
    act(() => at.render(createElement(StrictMode, null, createElement(PortholeChat, { url: URL }))))
    vi.advanceTimersByTime(250)
    expect(scripts()).toBe(1)
    const { calls } = startFakeWidget()
    expect(made(calls)).toEqual([])
  })

  it('removes the widget on unmount and boots it on the next mount', async () => {
    await render({})
    vi.advanceTimersByTime(250)
    const { calls } = startFakeWidget()
    act(() => root?.unmount())
    root = undefined
    expect(made(calls)).toEqual([['destroy']])
    await render({})
    expect(made(calls)).toEqual([['destroy'], ['boot']])
  })
})

describe('Vue: PortholeChat', () => {
  async function mountVue(props: Record<string, unknown>) {
    const { PortholeChat } = await import('../../packages/porthole/src/vue')
    const state = reactive({ shown: true, props })
    const container = document.createElement('div')
    document.body.append(container)
    const app = createApp({
      render: () => (state.shown ? h(PortholeChat, { url: URL, ...state.props }) : null),
    })
    app.mount(container)
    return { state, unmount: () => app.unmount() }
  }

  it('waits for consent, follows the user, removes the widget on unmount and boots it again', async () => {
    const { state, unmount } = await mountVue({ consent: false })
    vi.advanceTimersByTime(5000)
    expect(scripts()).toBe(0)
    state.props = { consent: true }
    await nextTick()
    vi.advanceTimersByTime(250)
    expect(scripts()).toBe(1)
    const { calls } = startFakeWidget()
    state.props = { consent: true, user: JANE }
    await nextTick()
    state.props = { consent: true }
    await nextTick()
    state.shown = false
    await nextTick()
    state.shown = true
    await nextTick()
    expect(made(calls)).toEqual([['identify', JANE], ['clearHistory'], ['destroy'], ['boot']])
    unmount()
  })
})
