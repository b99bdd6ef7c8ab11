import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStore } from '../../../widget/storage/memory-store'
// Loaded up front, as a browser has them cached: the widget imports the bubble where an
// invitation exists, and from it page patterns' navigation where the invitation has pages.
import '../../../widget/loader/invite'
import '../../../widget/loader/invite-nav'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'
import { createBase } from '../../support/widget-factories'
import { settle } from '../support/chat-helpers'

const widgets: TestWidget[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const widget of widgets.splice(0)) widget.unmount()
})
async function start(options: Parameters<typeof mountTestWidget>[0] = {}) {
  const widget = await mountTestWidget(options)
  widgets.push(widget)
  return widget
}
const invite = { text: 'Questions about pricing?', delaySeconds: 10 }

describe('the invitation', () => {
  it('shows after the configured delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const widget = await start({ backend: createFakeBackend({ config: { invite } }) })
    await vi.advanceTimersByTimeAsync(9_000)
    expect(widget.screen.queryByText(invite.text)).toBeNull()
    await vi.advanceTimersByTimeAsync(1_500)
    expect(widget.screen.getByText(invite.text)).toBeTruthy()
  })

  it('takes its text and delay from data-attributes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const widget = await start({ data: { inviteText: 'Hi from the tag', inviteDelay: '2' } })
    await vi.advanceTimersByTimeAsync(2_100)
    expect(widget.screen.getByText('Hi from the tag')).toBeTruthy()
  })

  it('shows only on pages matching the rule', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const widget = await start({
      backend: createFakeBackend({ config: { invite: { ...invite, pages: ['/pricing*'] } } }),
    })
    await vi.advanceTimersByTimeAsync(11_000)
    expect(widget.screen.queryByText(invite.text)).toBeNull()
    history.pushState(null, '', '/pricing/teams')
    window.dispatchEvent(new PopStateEvent('popstate'))
    await vi.advanceTimersByTimeAsync(11_000)
    expect(widget.screen.getByText(invite.text)).toBeTruthy()
    history.pushState(null, '', '/')
  })

  it('remembers a dismissal', async () => {
    const base = createBase()
    const storage = createMemoryStore()
    const backend = createFakeBackend({ config: { invite: { ...invite, delaySeconds: 0 } } })
    const widget = await start({ base, storage, backend })
    await widget.screen.findByText(invite.text)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Dismiss invitation' }))
    expect(widget.screen.queryByText(invite.text)).toBeNull()
    expect(await storage.get('invite-dismissed')).toBe(invite.text)
    widget.unmount()
    const again = await start({ base, storage, backend })
    await settle(30)
    expect(again.screen.queryByText(invite.text)).toBeNull()
  })

  it('is answered by opening the chat: the first message carries it as sender.invite', async () => {
    const backend = createFakeBackend({ config: { invite: { ...invite, delaySeconds: 0 } } })
    const widget = await start({ backend })
    fireEvent.click(await widget.screen.findByText(invite.text))
    await widget.screen.findByRole('dialog')
    // The invitation shows atop the conversation, as if from an agent (the first frame's
    // log comes in a chunk of its own, fetched as the window is drawn).
    await waitFor(() =>
      expect(widget.root.querySelector('.ph-log')?.textContent).toContain(invite.text),
    )
    await widget.widget.api.sendMessage('Yes, about teams')
    await widget.widget.api.sendMessage('And discounts')
    await waitFor(() => expect(backend.texts()).toHaveLength(2))
    expect(backend.texts()[0]?.body?.invite).toBe(invite.text)
    expect(backend.texts()[1]?.body?.invite).toBeUndefined()
  })

  it('can be shown by the site with showInvite', async () => {
    const widget = await start()
    widget.widget.api.showInvite('Free shipping today — ask us!')
    expect(await widget.screen.findByText('Free shipping today — ask us!')).toBeTruthy()
    await expect(widget.widget.api.showInvite('  ')).rejects.toThrow(/non-empty text/)
  })

  it('is not shown to a visitor who has chatted before', async () => {
    const storage = createMemoryStore()
    await storage.set('session', { visitorId: 'v', token: 't', contact: {} })
    const widget = await start({
      storage,
      backend: createFakeBackend({ config: { invite: { ...invite, delaySeconds: 0 } } }),
    })
    await settle(30)
    expect(widget.screen.queryByText(invite.text)).toBeNull()
  })
})
