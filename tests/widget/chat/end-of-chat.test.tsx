import { fireEvent, waitFor, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { Language } from '../../../shared/widget-api'
import { endToShow } from '../../../widget/chat/ended/EndOfChat'
import { createFakeBackend, json } from '../../support/fake-fetch'
import { languageFile } from '../../support/language-files'
import { mountTestWidget, useMountedWidgets } from '../../support/mount-widget'
import { createEndEntry, createEntry } from '../../support/widget-factories'
import { openChat } from '../support/chat-helpers'

const track = useMountedWidgets()

type Call = {
  method: string
  path: string
  body?: Record<string, unknown>
  auth?: string | null
  keepalive?: boolean
}

/** A chat whose backend also answers the end-of-chat routes; `ended` is GET /api/config's. */
async function endedChat(
  options: {
    ended?: Record<string, unknown>
    stored?: unknown
    lang?: Language
    /** The transcript request's answer: `pending`, or `confirm_sent` for an unconfirmed address. */
    transcriptState?: string
    /** POST /api/rating's answer (default: 201 with the rating sent). */
    rated?: () => Response
  } = {},
) {
  const backend = createFakeBackend({
    config: { ...(options.lang ? { lang: options.lang } : {}) },
  })
  backend.state.config = {
    ...(backend.state.config as object),
    ...(options.ended ? { ended: options.ended } : {}),
  }
  const calls: Call[] = []
  const inner = backend.fetch
  backend.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input))
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    const auth = new Headers(init.headers).get('authorization')
    if (url.pathname === '/api/rating' || url.pathname === '/api/transcript') {
      const keepalive = init.keepalive ? { keepalive: true } : {}
      calls.push({ method: init.method ?? 'GET', path: url.pathname, body, auth, ...keepalive })
      if (init.method !== 'POST') return json({ rating: options.stored ?? null })
      if (url.pathname === '/api/rating')
        return options.rated?.() ?? json({ rating: { ...body, at: 1 } }, 201)
      const state = options.transcriptState ?? 'pending'
      return json({ transcript: { to: body.email ?? 'known@example.com', state } }, 202)
    }
    return inner(input, init)
  }) as typeof fetch
  const widget = options.lang ? await mountTestWidget({ backend }) : await openChat({ backend })
  track(widget)
  if (options.lang) {
    widget.widget.api.open()
    // The chat's own message box (the loader's frame may still show one at a new visitor's open).
    const dialog = await widget.screen.findByRole('dialog')
    fireEvent.keyDown(await within(dialog).findByRole('textbox', { name: /./ }), { key: 'Shift' })
    await waitFor(() => expect(widget.EventSource.instances.length).toBeGreaterThan(0))
  }
  const stream = widget.stream()
  stream.open()
  stream.emit('message', createEntry({ id: '1', content: { type: 'text', text: 'Shipped' } }), '1')
  stream.emit('message', createEndEntry('2'), '2')
  return { widget, calls }
}

describe('the end of a conversation', () => {
  it('a tap on 👎 rates at once; the comment box opens focused; the comment and a re-tap update the same rating (issue 35, defect 2)', async () => {
    const { widget, calls } = await endedChat()
    const group = await widget.screen.findByRole('group', { name: 'How was this conversation?' })
    expect(group).toBeTruthy()
    // Its styles came with its chunk, adopted into the widget's shadow root.
    const rules = widget.root.adoptedStyleSheets.flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText),
    )
    expect(rules.some((rule) => rule.startsWith('.ph-end'))).toBe(true)
    const posts = () => calls.filter((call) => call.method === 'POST')
    fireEvent.click(widget.screen.getByRole('button', { name: 'Bad' }))
    await widget.screen.findByText('Thank you for your rating')
    // The tap alone stored it, in a request that outlives the page.
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: '/api/rating',
        body: { conversation: '2', score: 'bad' },
        auth: expect.stringMatching(/^Bearer /),
        keepalive: true,
      },
    ])
    expect(widget.screen.getByRole('button', { name: 'Bad' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    // The comment box opened, and the keyboard is in it.
    const box = await widget.screen.findByLabelText('Comment (optional)')
    await waitFor(() => expect(widget.root.activeElement).toBe(box))
    fireEvent.input(box, { target: { value: 'Too slow' } })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send comment' }))
    await waitFor(() => expect(widget.screen.queryByLabelText('Comment (optional)')).toBeNull())
    expect(posts().map((call) => call.body)).toEqual([
      { conversation: '2', score: 'bad' },
      { conversation: '2', score: 'bad', comment: 'Too slow' },
    ])
    // Focus is not lost with the box: it is on the thanks.
    await waitFor(() =>
      expect(widget.root.activeElement?.textContent).toBe('Thank you for your rating'),
    )
    // A re-tap changes the score of the same rating.
    fireEvent.click(widget.screen.getByRole('button', { name: 'Good' }))
    await waitFor(() => expect(posts()).toHaveLength(3))
    expect(posts()[2]?.body).toEqual({ conversation: '2', score: 'good' })
    await waitFor(() =>
      expect(widget.screen.getByRole('button', { name: 'Good' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    )
    // No transcript button while e-mail is off (the config says nothing of it).
    expect(widget.screen.queryByRole('button', { name: 'E-mail me the transcript' })).toBeNull()
  })

  it('a tap that fails says so next to the scores, which name the error, and stores nothing', async () => {
    const { widget } = await endedChat({ rated: () => json({}, 500) })
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Good' }))
    const alert = await widget.screen.findByRole('alert')
    expect(alert.textContent).toBe('Could not send. Try again.')
    const group = widget.screen.getByRole('group', { name: 'How was this conversation?' })
    expect(group.getAttribute('aria-describedby')).toBe(alert.id)
    expect(group.nextElementSibling).toBe(alert)
    expect(widget.screen.getByRole('button', { name: 'Good' }).getAttribute('aria-pressed')).toBe(
      'false',
    )
    expect(widget.screen.queryByText('Thank you for your rating')).toBeNull()
  })

  it('shows the rating given on another device', async () => {
    const { widget } = await endedChat({ stored: { conversation: '2', score: 'good', at: 1 } })
    await widget.screen.findByText(/Thank you for your rating/)
    expect(widget.screen.getByLabelText('Good')).toBeTruthy()
  })

  it('offers 1-5 stars as the settings say', async () => {
    const stars = await endedChat({ ended: { rating: 'stars' } })
    const group = await stars.widget.screen.findByRole('group', {
      name: 'How was this conversation?',
    })
    await stars.widget.screen.findByRole('button', { name: '4 of 5' })
    expect(group.querySelectorAll('button')).toHaveLength(5)
  })

  it('offers no rating under email.rating none, and the transcript while e-mail is on', async () => {
    const none = await endedChat({ ended: { rating: 'none', transcript: true } })
    await none.widget.screen.findByRole('button', { name: 'E-mail me the transcript' })
    expect(none.widget.screen.queryByRole('group')).toBeNull()
  })

  it('asks for the address for the transcript, refuses a malformed one, and sends it', async () => {
    const { widget, calls } = await endedChat({ ended: { transcript: true } })
    fireEvent.click(await widget.screen.findByRole('button', { name: 'E-mail me the transcript' }))
    const input = await widget.screen.findByLabelText('Your e-mail')
    // The field opened with the keyboard in it (issue 35, defect 2).
    await waitFor(() => expect(widget.root.activeElement).toBe(input))
    fireEvent.input(input, { target: { value: 'ann@example' } })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send transcript' }))
    const alert = await widget.screen.findByRole('alert')
    expect(alert.textContent).toMatch(/name@example\.com/)
    // The error sits under the field it is about, which names it; the keyboard stays there.
    expect(input.getAttribute('aria-describedby')).toBe(alert.id)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.closest('label')?.nextElementSibling).toBe(alert)
    await waitFor(() => expect(widget.root.activeElement).toBe(input))
    expect(calls.filter((call) => call.path === '/api/transcript')).toEqual([])
    fireEvent.input(input, { target: { value: 'ann@example.com' } })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send transcript' }))
    await widget.screen.findByText('The transcript is on its way to ann@example.com')
    expect(
      calls.filter((call) => call.path === '/api/transcript').map((call) => call.body),
    ).toEqual([{ conversation: '2', email: 'ann@example.com' }])
  })

  it('says a confirmation link went to an address not confirmed yet, in the visitor’s language', async () => {
    const { widget } = await endedChat({
      ended: { transcript: true },
      transcriptState: 'confirm_sent',
    })
    fireEvent.click(await widget.screen.findByRole('button', { name: 'E-mail me the transcript' }))
    fireEvent.input(await widget.screen.findByLabelText('Your e-mail'), {
      target: { value: 'ann@example.com' },
    })
    fireEvent.click(widget.screen.getByRole('button', { name: 'Send transcript' }))
    const status = await widget.screen.findByText(
      'We sent a link to ann@example.com: confirm it and the transcript follows',
    )
    expect(status.getAttribute('role')).toBe('status')
    expect(widget.screen.queryByText(/on its way/)).toBeNull()
    const t = (await languageFile('de')).ended
    const de = await endedChat({
      lang: 'de',
      ended: { transcript: true },
      transcriptState: 'confirm_sent',
    })
    fireEvent.click(await de.widget.screen.findByRole('button', { name: t.transcript }))
    fireEvent.input(await de.widget.screen.findByLabelText(t.email), {
      target: { value: 'ann@example.com' },
    })
    fireEvent.click(de.widget.screen.getByRole('button', { name: t.sendTranscript }))
    await de.widget.screen.findByText(t.confirmSent('ann@example.com'))
    expect(t.confirmSent('ann@example.com')).toContain('Link an ann@example.com')
  })

  it.each(['de', 'ja', 'ar', 'hi'] as const)(
    'speaks %s, from the language file the visitor already has',
    async (lang) => {
      const t = (await languageFile(lang)).ended
      const { widget } = await endedChat({ lang, ended: { transcript: true, rating: 'stars' } })
      await widget.screen.findByRole('group', { name: t.rate })
      expect(widget.screen.getByRole('button', { name: t.stars(4) })).toBeTruthy()
      expect(widget.screen.getByRole('button', { name: t.transcript })).toBeTruthy()
    },
  )

  it('speaks Russian', async () => {
    const { widget } = await endedChat({ lang: 'ru', ended: { transcript: true } })
    await widget.screen.findByRole('group', { name: 'Как прошёл разговор?' })
    expect(
      widget.screen.getByRole('button', { name: 'Прислать запись разговора на почту' }),
    ).toBeTruthy()
  })
})

describe('which end shows the panel', () => {
  const message = (id: string, extra = {}) => createEntry({ id, ...extra })
  const end = (id: string) => createEntry({ id, author: 'system', ended: 'idle' })

  it('is the newest end, none once a new conversation goes on, and skips a conversation of rating messages only', () => {
    expect(endToShow([message('1'), end('2')])?.id).toBe('2')
    expect(endToShow([message('1'), end('2'), message('3', { author: 'visitor' })])).toBeUndefined()
    const rated = message('3', { author: 'visitor', clientId: 'rating-abc' })
    expect(endToShow([message('1'), end('2'), rated])?.id).toBe('2')
    expect(endToShow([message('1'), end('2'), rated, end('4')])?.id).toBe('2')
    // The bot greeting the rating message (a new chat in the service) starts nothing.
    const greeting = message('5', { author: 'bot' })
    expect(endToShow([message('1'), end('2'), rated, greeting])?.id).toBe('2')
    expect(endToShow([message('1'), end('2'), rated, greeting, end('6')])?.id).toBe('2')
    expect(endToShow([message('1', { author: 'visitor' })])).toBeUndefined()
  })
})
