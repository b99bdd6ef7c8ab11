import { fireEvent, waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../shared/widget-api'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget, useMountedWidgets } from '../../support/mount-widget'
import { createBase, createEntry } from '../../support/widget-factories'
import { openChat, settle } from '../support/chat-helpers'

// Issue 24, "Who is answering, and grouping", in the DOM: the joined line, the header's
// agent or team, grouped messages that screen readers still hear one by one.

const track = useMountedWidgets()

const T = new Date().setHours(12, 0, 0, 0)
const MINUTE = 60_000
let id = 100
const entry = (overrides: Partial<ConversationEntry>) => {
  id++
  return createEntry({ id: String(id), at: T, ...overrides })
}
const text = (value: string) => ({ type: 'text' as const, text: value })
const emit = (widget: TestWidget, ...entries: ConversationEntry[]) => {
  for (const item of entries) widget.stream().emit('message', item, item.id)
}
const all = (widget: TestWidget, selector: string) =>
  [...widget.root.querySelectorAll(selector)].map((node) => node.textContent)

describe('grouped messages', () => {
  it('one name and one time for one sender’s run; screen readers hear every message’s sender', async () => {
    const widget = track(await openChat())
    emit(
      widget,
      entry({ content: text('one'), at: T }),
      entry({ content: text('two'), at: T + MINUTE }),
      entry({ content: text('three'), at: T + 2 * MINUTE }),
    )
    await widget.screen.findByText('three')
    expect(all(widget, '.ph-author')).toEqual(['Anna'])
    expect(widget.root.querySelectorAll('.ph-msg time')).toHaveLength(1)
    // The last message carries the time.
    const messages = [...widget.root.querySelectorAll('.ph-msg')]
    expect(messages.at(-1)?.querySelector('time')).not.toBeNull()
    // Each message still says who wrote it: the name atop, then hidden text.
    expect(messages.map((node) => node.querySelector('.ph-author, .ph-sr')?.textContent)).toEqual([
      'Anna',
      'Anna',
      'Anna',
    ])
  })

  it('starts a new group at another sender, after a gap of more than 3 minutes, at a new day and after a system line', async () => {
    const widget = track(await openChat())
    const yesterday = T - 24 * 60 * MINUTE
    emit(
      widget,
      entry({ content: text('y1'), at: yesterday }),
      entry({ content: text('t1'), at: T }),
      entry({ name: 'Boris', content: text('b1'), at: T + MINUTE }),
      entry({ name: 'Boris', content: text('b2'), at: T + 5 * MINUTE }),
      entry({
        author: 'system',
        name: undefined,
        joined: 'agent',
        content: text('An agent joined the conversation'),
        at: T + 5 * MINUTE,
      }),
      entry({ name: 'Boris', content: text('b3'), at: T + 5 * MINUTE }),
    )
    await widget.screen.findByText('b3')
    // Every message starts its own group here: each shows its name and time.
    expect(all(widget, '.ph-author')).toEqual(['Anna', 'Anna', 'Boris', 'Boris', 'Boris'])
    expect(widget.root.querySelectorAll('.ph-msg time')).toHaveLength(5)
    expect(all(widget, '.ph-day')).toEqual(['Yesterday', 'Today'])
  })

  it('the visitor’s own run shows one delivery mark, the last message’s', async () => {
    const widget = track(await openChat())
    emit(
      widget,
      entry({ author: 'visitor', name: undefined, clientId: 'c-1', content: text('mine 1') }),
      entry({ author: 'visitor', name: undefined, clientId: 'c-2', content: text('mine 2') }),
    )
    await widget.screen.findByText('mine 2')
    expect(all(widget, '.ph-own .ph-meta')).toEqual(['', expect.stringMatching(/Sent$/)])
    expect(all(widget, '.ph-own .ph-sr')).toEqual(['You', 'You'])
  })
})

describe('"Anna joined the conversation"', () => {
  it('after the bot: once, from the stored entries, also after a reload', async () => {
    const base = createBase()
    const storage = createMemoryStore()
    const backend = createFakeBackend()
    const first = await openChat({ base, storage, backend })
    emit(
      first,
      entry({ author: 'visitor', name: undefined, clientId: 'c-9', content: text('Hi') }),
      entry({ author: 'system', name: undefined, joined: 'bot', content: text('bot') }),
      entry({ name: 'Northwind bot', content: text('Let me find someone') }),
      entry({ author: 'system', name: undefined, joined: 'agent', content: text('joined') }),
      entry({ content: text('Hello, Anna here'), photo: 'https://cdn.example/anna.png' }),
      entry({ content: text('How can I help?') }),
    )
    await first.screen.findByText('How can I help?')
    expect(all(first, '.ph-joined')).toEqual(['Anna joined the conversation'])
    // The bot never "joins", and the system entries show no bubble.
    expect(first.root.textContent).not.toContain('Northwind bot joined')
    expect(all(first, '.ph-bubble')).toEqual([
      'Hi',
      'Let me find someone',
      'Hello, Anna here',
      'How can I help?',
    ])
    await settle()
    first.unmount()

    const second = track(await mountTestWidget({ base, storage, backend }))
    await second.screen.findByText('How can I help?')
    expect(all(second, '.ph-joined')).toEqual(['Anna joined the conversation'])
  })
})

describe('the header: who answers now', () => {
  it('the agent’s photo with alt text, no referrer and a fixed size; initials on a disc when it breaks', async () => {
    const widget = track(await openChat())
    emit(
      widget,
      entry({ name: 'Anna Petrova', photo: 'https://cdn.example/anna.png', content: text('Hi') }),
    )
    const photo = await waitFor(() => {
      const found = widget.root.querySelector<HTMLImageElement>('.ph-header .ph-avatar img')
      expect(found).not.toBeNull()
      return found as HTMLImageElement
    })
    expect(photo.getAttribute('alt')).toBe('Anna Petrova')
    expect(photo.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['40', '40'])
    expect(widget.root.querySelector('.ph-subtitle')?.textContent).toContain('Anna Petrova')
    fireEvent.error(photo)
    await waitFor(() =>
      expect(widget.root.querySelector('.ph-header .ph-initials')?.textContent).toBe('AP'),
    )
    expect(widget.root.querySelector('.ph-header img')).toBeNull()
  })

  it('never shows a photo that is not http(s): initials instead', async () => {
    const widget = track(await openChat())
    emit(widget, entry({ name: 'Boris', content: text('Hi') }))
    await waitFor(() =>
      expect(widget.root.querySelector('.ph-header .ph-initials')?.textContent).toBe('B'),
    )
  })

  it('while nobody has joined: the team’s photos and reply time; then the agent', async () => {
    const backend = createFakeBackend({
      config: {
        team: {
          avatars: ['https://cdn.example/t1.png', 'https://cdn.example/t2.png'],
          replyTime: 'minutes',
        },
      },
    })
    const widget = track(await openChat({ backend }))
    await widget.screen.findByText('Usually replies in a few minutes')
    const team = [...widget.root.querySelectorAll<HTMLImageElement>('.ph-team img')]
    expect(team.map((img) => img.getAttribute('src'))).toEqual([
      'https://cdn.example/t1.png',
      'https://cdn.example/t2.png',
    ])
    expect(team.every((img) => img.getAttribute('referrerpolicy') === 'no-referrer')).toBe(true)
    // A broken team photo is left out.
    fireEvent.error(team[0] as HTMLImageElement)
    await waitFor(() => expect(widget.root.querySelectorAll('.ph-team img')).toHaveLength(1))
    emit(widget, entry({ content: text('Anna here') }))
    await waitFor(() =>
      expect(widget.root.querySelector('.ph-subtitle')?.textContent).toContain('Anna'),
    )
    expect(widget.root.querySelector('.ph-team')).toBeNull()
    expect(widget.root.textContent).not.toContain('Usually replies')
  })

  // Issue 35, defect 4: "Usually replies in a few minutes" showed beside "Offline".
  it('promises no reply time while nobody can answer; while away says when the team is back', async () => {
    const backend = createFakeBackend({ config: { team: { replyTime: 'minutes' } } })
    const status = { body: { online: false } as Record<string, unknown> }
    const widget = track(
      await openChat({
        backend: {
          ...backend,
          fetch: (async (input: RequestInfo | URL, init?: RequestInit) =>
            String(input).endsWith('/api/status')
              ? new Response(JSON.stringify(status.body))
              : backend.fetch(input, init)) as typeof fetch,
        },
      }),
    )
    const line = () => widget.root.querySelector('.ph-subtitle')?.textContent
    await waitFor(() => expect(line()).toBe('Offline'))
    await settle()
    expect(widget.root.textContent).not.toContain('Usually replies')
    // Outside business hours: the next opening, in the visitor's zone and language.
    status.body = { online: false, open: false, opensAt: Date.now() + 26 * 3_600_000 }
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(() => expect(line()).toMatch(/^Back \w+ at \d/))
    expect(widget.root.textContent).not.toContain('Usually replies')
  })
})
