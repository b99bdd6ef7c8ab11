import { fireEvent, screen, waitFor } from '@testing-library/preact'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EntryContent } from '../../../shared/widget-api'
import { MediaContent } from '../../../widget/chat/components/MessageItem'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'
import { createConfig, createEntry } from '../../support/widget-factories'
import { openChat } from '../support/chat-helpers'
import { mediaContent, showMessage } from '../support/message-item'

// Issue 17 in the DOM: links, voice and stickers, the meta line, day separators, mute.

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})
beforeAll(() => MediaContent.preload())

const show = (content: EntryContent, own = false) => showMessage(content, { own })

describe('links in messages', () => {
  it('links http(s) URLs and e-mail addresses in an agent’s text, opening a new tab without the opener', async () => {
    const { container } = show({
      type: 'text',
      text: 'See https://acme.example/returns. Or mail help@acme.example!',
    })
    // The links' code is its own chunk: the text shows at once, the links once it is in.
    expect(container.querySelector('.ph-bubble')?.textContent).toBe(
      'See https://acme.example/returns. Or mail help@acme.example!',
    )
    const page = await screen.findByRole('link', { name: 'https://acme.example/returns' })
    expect(page.getAttribute('href')).toBe('https://acme.example/returns')
    expect(page.getAttribute('target')).toBe('_blank')
    expect(page.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    const mail = screen.getByRole('link', { name: 'help@acme.example' })
    expect(mail.getAttribute('href')).toBe('mailto:help@acme.example')
    // Nothing lost around them.
    expect(container.querySelector('.ph-bubble')?.textContent).toBe(
      'See https://acme.example/returns. Or mail help@acme.example!',
    )
  })

  it('never links other schemes, in anyone’s text; the customer’s own links work (issue 24, defect 9)', async () => {
    const { container } = show({
      type: 'text',
      text: 'javascript:alert(1) data:text/html,<b>x</b> https://ok.example',
    })
    await screen.findByRole('link', { name: 'https://ok.example' })
    expect(container.querySelectorAll('a')).toHaveLength(1)
    const own = show({ type: 'text', text: 'my site https://mine.example javascript:x()' }, true)
    await waitFor(() => expect(own.container.querySelectorAll('a')).toHaveLength(1))
    expect(own.container.querySelector('a')?.href).toBe('https://mine.example/')
  })
})

describe('voice messages and stickers', () => {
  it('labels a voice message and its player', async () => {
    const { container } = show(mediaContent('voice', 'v.ogg', 4000, { duration: 7 }))
    await waitFor(() => expect(container.querySelector('audio')).not.toBeNull())
    expect(container.querySelector('.ph-media-title')?.textContent).toBe('Voice message')
    expect(container.querySelector('audio')?.getAttribute('aria-label')).toBe('Voice message')
    expect(container.textContent).toContain('0:07')
  })

  it('does not call an audio file a voice message', async () => {
    const { container } = show(mediaContent('audio', 'a.mp3', 4000, { title: 'Hold music' }))
    await waitFor(() => expect(container.querySelector('audio')).not.toBeNull())
    expect(container.textContent).not.toContain('Voice message')
    expect(container.querySelector('audio')?.getAttribute('aria-label')).toBe('Hold music')
  })

  it('names a sticker by its emoji, even when it has a caption', async () => {
    show(mediaContent('sticker', 's.webp', 10, { emoji: '🐱', text: 'Meow' }))
    expect(await screen.findByRole('img', { name: '🐱' })).toBeTruthy()
  })
})

describe('the meta line', () => {
  it('reads in its own direction (time, then the mark), also on a right-to-left page', () => {
    const { container } = show({ type: 'text', text: 'Hi' }, true)
    expect(container.querySelector('.ph-meta')?.getAttribute('dir')).toBe('auto')
  })
})

describe('day separators in the conversation', () => {
  it('puts Today, Yesterday and dates above each day’s first message, once', async () => {
    const widget = await openChat()
    widgets.push(widget)
    // Noon three days ago, noon yesterday, and now (whatever the time of day).
    const now = Date.now()
    const noon = (daysAgo: number) => new Date(now).setHours(12 - 24 * daysAgo, 0, 0, 0)
    const entries = [
      createEntry({ id: '1', at: noon(3) }),
      createEntry({ id: '2', at: noon(3) + 60_000 }),
      createEntry({ id: '3', at: noon(1) }),
      createEntry({ id: '4', at: now - 1 }),
      createEntry({ id: '5', at: now }),
    ]
    const date = new Date(noon(3)).toLocaleDateString('en', {
      day: 'numeric',
      month: 'long',
      year: new Date(noon(3)).getFullYear() === new Date(now).getFullYear() ? undefined : 'numeric',
    })
    for (const entry of entries) widget.stream().emit('message', entry, entry.id)
    await waitFor(() =>
      expect([...widget.root.querySelectorAll('.ph-day')].map((item) => item.textContent)).toEqual([
        date,
        'Yesterday',
        'Today',
      ]),
    )
    // Each right above its day's first message (Anna's first joins the conversation),
    // whose author's name shows again.
    const joined = widget.root.querySelector('.ph-day')?.nextElementSibling
    expect(joined?.textContent).toBe('Anna joined the conversation')
    const first = joined?.nextElementSibling
    expect(first?.textContent).toContain('Agent reply')
    expect(first?.querySelector('.ph-author')?.textContent).toBe('Anna')
    const today = [...widget.root.querySelectorAll('.ph-day')].at(-1)?.nextElementSibling
    expect(today?.querySelector('.ph-author')?.textContent).toBe('Anna')
  })
})

describe('the sound toggle', () => {
  it('mutes the reply sound from the menu, remembered in the widget’s storage for the next page', async () => {
    const storage = createMemoryStore()
    const config = createConfig({ sound: true })
    const widget = await openChat({ config, storage })
    widgets.push(widget)
    // Issue 35: the header keeps Help, Menu and Close; the sound's toggle is in the menu.
    expect(widget.screen.queryByRole('button', { name: 'Mute' })).toBeNull()
    fireEvent.click(widget.screen.getByRole('button', { name: 'Menu' }))
    const mute = await widget.screen.findByRole('button', { name: 'Mute' })
    expect(mute.getAttribute('aria-pressed')).toBe('false')
    expect(await storage.get('muted')).toBeUndefined()
    fireEvent.click(mute)
    await waitFor(() => expect(mute.getAttribute('aria-pressed')).toBe('true'))
    await waitFor(async () => expect(await storage.get('muted')).toBe(true))
    widget.unmount()
    widgets.pop()
    // The next page: the chat opens by itself (it was open), the choice is read back.
    const again = await mountTestWidget({ config, storage })
    widgets.push(again)
    await again.screen.findByRole('dialog')
    fireEvent.click(again.screen.getByRole('button', { name: 'Menu' }))
    await waitFor(() =>
      expect(again.screen.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    )
  })

  it('shows no toggle where the site plays no sound', async () => {
    const widget = await openChat({ config: createConfig({ sound: false }) })
    widgets.push(widget)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Menu' }))
    await widget.screen.findByRole('button', { name: 'Download my conversation' })
    expect(widget.screen.queryByRole('button', { name: 'Mute' })).toBeNull()
  })
})
