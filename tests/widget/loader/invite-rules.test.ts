import { fireEvent } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicInvitation } from '../../../shared/widget-api'
// Loaded up front, as a browser has them cached: the widget imports them when rules exist.
import '../../../widget/loader/invite'
import '../../../widget/loader/invite-engine'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'
import { REAL_WORK } from '../../support/timeouts'
import { createBase } from '../../support/widget-factories'

const widgets: TestWidget[] = []
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  history.replaceState(null, '', '/')
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
  vi.useRealTimers()
  vi.restoreAllMocks()
  history.replaceState(null, '', '/')
  sessionStorage.clear()
  localStorage.clear()
})

async function start(
  invitations: PublicInvitation[],
  options: Parameters<typeof mountTestWidget>[0] = {},
) {
  const widget = await mountTestWidget({
    backend: createFakeBackend({ config: { invitations } }),
    ...options,
  })
  widgets.push(widget)
  await vi.advanceTimersByTimeAsync(0)
  return widget
}
const shown = (widget: TestWidget) => widget.widget.context.ui.get().invite
const navigate = async (path: string) => {
  history.pushState(null, '', path)
  await vi.advanceTimersByTimeAsync(0)
}
const rule = (
  text: string,
  when: PublicInvitation['when'],
  frequency: PublicInvitation['frequency'] = 'every-page-view',
): PublicInvitation => ({ text, when, frequency })

describe('invitation rules in the widget', () => {
  it('re-checks on single-page-app navigation: pushState, replaceState and back', async () => {
    const widget = await start([rule('Pricing?', { pages: ['/pricing*'], secondsOnPage: 5 })])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(shown(widget)).toBeUndefined()
    await navigate('/pricing/teams')
    await vi.advanceTimersByTimeAsync(4_000)
    expect(shown(widget)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1_100)
    expect(shown(widget)).toBe('Pricing?')
    // Another page: the invitation goes with the page it was for.
    history.replaceState(null, '', '/about')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(shown(widget)).toBeUndefined()
    await navigate('/pricing/enterprise')
    await vi.advanceTimersByTimeAsync(5_100)
    // Every page view: shown again on the next view of a matching page.
    expect(shown(widget)).toBe('Pricing?')
    // Back (popstate) to /about: gone again.
    history.back()
    await vi.waitFor(() => expect(location.pathname).toBe('/about'), REAL_WORK)
    expect(shown(widget)).toBeUndefined()
  })

  it('shows the first matching rule, and one invitation per page view', async () => {
    const widget = await start([
      rule('Mobile only', { device: 'mobile' }),
      rule('Blog', { pages: ['/blog*'] }),
      rule('Anywhere', { secondsOnPage: 2 }),
    ])
    await vi.advanceTimersByTimeAsync(2_100)
    expect(shown(widget)).toBe('Anywhere')
    fireEvent.click(widget.screen.getByRole('button', { name: 'Dismiss invitation' }))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(shown(widget)).toBeUndefined()
    await navigate('/blog/post')
    expect(shown(widget)).toBe('Blog')
  })

  it('once per session and once per visitor: not again after a navigation or a reload', async () => {
    const base = createBase()
    const rules = [
      rule('Session', { pages: ['/a'] }, 'once-per-session'),
      rule('Visitor', { pages: ['/b'] }, 'once-per-visitor'),
    ]
    await navigate('/a')
    let widget = await start(rules, { base })
    expect(shown(widget)).toBe('Session')
    await navigate('/b')
    expect(shown(widget)).toBe('Visitor')
    await navigate('/a')
    expect(shown(widget)).toBeUndefined()
    widget.unmount()
    // A new tab session: the session's memory is gone, the visitor's stays.
    sessionStorage.clear()
    widget = await start(rules, { base })
    expect(shown(widget)).toBe('Session')
    await navigate('/b')
    expect(shown(widget)).toBeUndefined()
    expect(JSON.parse(localStorage.getItem('porthole-invited') ?? '[]')).toEqual(['Visitor'])
  })

  it('counts page views and time on the site across pages, in sessionStorage', async () => {
    const rules = [
      rule('Third page', { minPageViews: 3 }),
      rule('Two minutes', { secondsOnSite: 120 }),
    ]
    let widget = await start(rules)
    expect(shown(widget)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(30_000)
    widget.unmount()
    // A reload of another page: the second view of the visit.
    widget = await start(rules)
    expect(shown(widget)).toBeUndefined()
    await navigate('/next')
    expect(shown(widget)).toBe('Third page')
    fireEvent.click(widget.screen.getByRole('button', { name: 'Dismiss invitation' }))
    await navigate('/again')
    // Dismissed for good (the page's storage says so); 90 s more on the site makes two minutes.
    await vi.advanceTimersByTimeAsync(89_000)
    expect(shown(widget)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1_100)
    expect(shown(widget)).toBe('Two minutes')
    expect(JSON.parse(sessionStorage.getItem('porthole-visit') ?? '{}')).toMatchObject({ views: 4 })
  })

  it('stores nothing when the rules need no memory (a first-time visitor who never interacts)', async () => {
    const storage = createMemoryStore()
    const widget = await start(
      [rule('Hi', { pages: ['/'], secondsOnPage: 1, device: 'desktop' })],
      { storage },
    )
    await vi.advanceTimersByTimeAsync(1_100)
    expect(shown(widget)).toBe('Hi')
    await navigate('/other')
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.length).toBe(0)
    expect(await storage.getMany(['session', 'invite-dismissed', 'open'])).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })

  it('referrer and utm come from the visit’s landing page', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://www.google.com/')
    await navigate('/landing?utm_source=newsletter&utm_campaign=spring')
    const rules = [
      rule('From Google', { referrer: '*google.*', utm: { source: 'news*' }, pages: ['/cart'] }),
    ]
    let widget = await start(rules)
    widget.unmount()
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://shop.example/landing')
    await navigate('/cart')
    widget = await start(rules)
    expect(shown(widget)).toBe('From Google')
  })

  it('waits for the status for agentsOnline, and follows it', async () => {
    const backend = createFakeBackend({
      online: false,
      config: {
        invitations: [
          rule('Leave us a note', { agentsOnline: false }),
          rule('Talk to us', { agentsOnline: true }),
        ],
      },
    })
    const widget = await start([], { backend })
    await vi.advanceTimersByTimeAsync(100)
    expect(shown(widget)).toBe('Leave us a note')
  })

  it('new visitors only: the first visit in this browser, not the next', async () => {
    const rules = [rule('Welcome!', { newVisitorsOnly: true })]
    let widget = await start(rules)
    expect(shown(widget)).toBe('Welcome!')
    widget.unmount()
    await vi.advanceTimersByTimeAsync(1_000)
    sessionStorage.clear()
    widget = await start(rules)
    expect(shown(widget)).toBeUndefined()
  })

  it('is not shown to a visitor who has chatted, nor outside hours when the widget hides', async () => {
    const storage = createMemoryStore()
    await storage.set('session', { visitorId: 'v', token: 't', contact: {} })
    const chatted = await start([rule('Hi', {})], { storage })
    expect(shown(chatted)).toBeUndefined()
    chatted.unmount()
    const backend = createFakeBackend({
      config: {
        invitations: [rule('Hi', {})],
        businessHours: { outside: 'hide', openNow: false },
      },
    })
    backend.state.open = false
    const away = await start([], { backend })
    expect(shown(away)).toBeUndefined()
    backend.state.open = true
    away.widget.context.ui.set({ away: false })
    expect(shown(away)).toBe('Hi')
  })

  it('reports unreadable rules and shows none', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const widget = await start([{ text: 'Hi', when: {}, frequency: 'hourly' } as never])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(shown(widget)).toBeUndefined()
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/invitation rules/))
  })

  it('showInvite wins over the rules for the page view', async () => {
    const widget = await start([rule('Rule', { secondsOnPage: 5 })])
    await widget.widget.api.showInvite('From the site')
    fireEvent.click(widget.screen.getByRole('button', { name: 'Dismiss invitation' }))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(shown(widget)).toBeUndefined()
  })

  it('leaves history alone once unmounted', async () => {
    const before = history.pushState
    const widget = await start([rule('Hi', {})])
    expect(history.pushState).not.toBe(before)
    widget.unmount()
    expect(history.pushState).toBe(before)
  })
})
