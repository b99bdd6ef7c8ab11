import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeBackend } from '../../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../../support/mount-widget'
import { REAL_WORK_TIMEOUT_MS } from '../../../support/timeouts'
import { settle } from '../../support/chat-helpers'

// Issue 35, "A home screen": what the window shows below the header while there is no
// conversation to read, for a new visitor, while nobody is online.

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

async function open(
  options: { online?: boolean; config?: Record<string, unknown>; opensAt?: number } = {},
) {
  const backend = createFakeBackend(options)
  if (options.opensAt) Object.assign(backend.state, { open: false, opensAt: options.opensAt })
  const widget = await mountTestWidget({ backend })
  widgets.push(widget)
  fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
  await widget.screen.findByRole('dialog')
  return { widget, backend }
}

describe('the home screen', () => {
  it('a new visitor, someone online: the greeting, "Online now", "Send us a message" that focuses the message box, the search', async () => {
    const { widget } = await open({ config: { greeting: 'Hi! Ask us anything.' } })
    const start = await widget.screen.findByRole('button', { name: 'Send us a message' })
    expect(widget.root.querySelector('.ph-home-greeting')?.textContent).toBe('Hi! Ask us anything.')
    await widget.screen.findByText('Online now')
    expect(widget.screen.getByRole('button', { name: 'Search articles' })).toBeTruthy()
    // The message box stays below the home screen, no log yet.
    const box = widget.screen.getByRole('textbox', { name: 'Message' })
    expect(widget.screen.queryByRole('log')).toBeNull()
    box.blur()
    fireEvent.click(start)
    expect(widget.root.activeElement).toBe(box)
  })

  it('the header and the home screen read the team settings with one request', async () => {
    const { widget, backend } = await open({
      config: { team: { avatars: ['https://example.com/anna.png'] } } as never,
    })
    await waitFor(() => expect(widget.root.querySelector('.ph-home-team img')).not.toBeNull())
    // The header's heading is drawn a moment after the window (ChatHeader.tsx).
    await waitFor(() => expect(widget.root.querySelector('.ph-team img')).not.toBeNull(), {
      timeout: REAL_WORK_TIMEOUT_MS,
    })
    await settle(20)
    const team = backend.requests.filter(
      (request) => request.path === '/api/config' && request.query.has('lang'),
    )
    expect(team.map((request) => request.query.get('lang'))).toEqual(['en'])
  })

  it('the team’s photos, a broken one left out; the site’s initial once none is left', async () => {
    const avatars = ['https://example.com/anna.png', 'https://example.com/boris.png']
    const { widget } = await open({ config: { title: 'northwind', team: { avatars } } as never })
    const photos = () => [...widget.root.querySelectorAll<HTMLImageElement>('.ph-home-team img')]
    await waitFor(() => expect(photos().map((img) => img.getAttribute('src'))).toEqual(avatars))
    expect(photos().every((img) => img.getAttribute('referrerpolicy') === 'no-referrer')).toBe(true)
    expect(widget.root.querySelector('.ph-home-initial')).toBeNull()
    fireEvent.error(photos()[0] as HTMLImageElement)
    await waitFor(() => expect(photos()).toHaveLength(1))
    fireEvent.error(photos()[0] as HTMLImageElement)
    await waitFor(() =>
      expect(widget.root.querySelector('.ph-home-team .ph-home-initial')?.textContent).toBe('N'),
    )
  })

  it('nobody online: the status and the offline form inside the home screen, no "Send us a message"', async () => {
    const { widget } = await open({ online: false })
    const submit = await widget.screen.findByRole('button', { name: 'Send message' })
    expect(submit.closest('.ph-home')).not.toBeNull()
    expect(widget.root.querySelector('.ph-home-status')?.textContent).toBe('Offline')
    expect(widget.screen.queryByRole('button', { name: 'Send us a message' })).toBeNull()
    expect(widget.root.querySelector('.ph-home-greeting')).toBeNull()
  })

  it('outside the business hours: says when the team is back, as the header does', async () => {
    const { widget } = await open({ opensAt: Date.now() + 26 * 3_600_000 })
    await waitFor(
      () =>
        expect(widget.root.querySelector('.ph-home-status')?.textContent).toMatch(
          /^Offline · Back /,
        ),
      { timeout: REAL_WORK_TIMEOUT_MS },
    )
  })

  it('the first message replaces it with the conversation', async () => {
    const { widget } = await open()
    await widget.screen.findByRole('button', { name: 'Send us a message' })
    const box = widget.screen.getByRole('textbox', { name: 'Message' })
    fireEvent.input(box, { target: { value: 'Hello there' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    await widget.screen.findByRole('log')
    expect(widget.root.querySelector('.ph-home')).toBeNull()
  })
})
