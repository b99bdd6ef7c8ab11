import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { createFakeBackend } from '../../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../../support/mount-widget'
import { openChat, sendText, settle, typeText } from '../../support/chat-helpers'

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

/** Everything the widget keeps in the browser, as JSON. */
async function stored(storage: ReturnType<typeof createMemoryStore>): Promise<string> {
  const keys = ['draft', 'outbox', 'conversation', 'session'] as const
  return JSON.stringify(await storage.getMany([...keys]))
}

const CARD = '4111 1111 1111 1111'
const NOTE = 'A card or account number was hidden for your safety'

describe('masking in the widget', () => {
  it('hides a card number in what is sent, the bubble and storage, with a note', async () => {
    const storage = createMemoryStore()
    const backend = createFakeBackend()
    const widget = await openChat({ storage, backend })
    widgets.push(widget)
    sendText(widget, `my card is ${CARD}`)
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    const masked = 'my card is •••• •••• •••• 1111'
    expect(backend.texts()[0]?.body?.text).toBe(masked)
    expect(await widget.screen.findByText(masked)).toBeTruthy()
    expect(widget.screen.getByRole('status').textContent).toBe(NOTE)
    await settle()
    expect(await stored(storage)).not.toContain('1111 1111')
    // The next message without a secret takes the note away.
    sendText(widget, 'thanks')
    await waitFor(() => expect(backend.texts()).toHaveLength(2))
    await waitFor(() => expect(widget.screen.queryByText(NOTE)).toBeNull())
  })

  it('keeps the order of messages while the masking code loads', async () => {
    const backend = createFakeBackend()
    const widget = await openChat({ backend })
    widgets.push(widget)
    sendText(widget, `card ${CARD}`)
    sendText(widget, 'and a second message')
    await waitFor(() => expect(backend.texts()).toHaveLength(2))
    expect(backend.texts().map((sent) => sent.body?.text)).toEqual([
      'card •••• •••• •••• 1111',
      'and a second message',
    ])
  })

  it('stores the draft masked', async () => {
    const storage = createMemoryStore()
    const widget = await openChat({ storage })
    widgets.push(widget)
    typeText(widget, `IBAN GB29 NWBK 6016 1331 9268 19 and ${CARD}`)
    await waitFor(async () =>
      expect(await storage.get('draft')).toBe('IBAN GB•• •••• •••• 6819 and •••• •••• •••• 1111'),
    )
  })

  it('hides the site’s own patterns (from GET /api/config) in a text it masks', async () => {
    const backend = createFakeBackend({ config: { maskPatterns: ['\\bpin \\d{4}\\b'] } })
    const widget = await openChat({ backend })
    widgets.push(widget)
    sendText(widget, `my pin 4821, card ${CARD}`)
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    expect(backend.texts()[0]?.body?.text).toBe('my ••••, card •••• •••• •••• 1111')
  })

  it('hides a match of the site’s own pattern with fewer than 12 digits before it is sent or stored', async () => {
    const storage = createMemoryStore()
    const backend = createFakeBackend({ config: { maskPatterns: ['\\bC\\d{9}\\b'] } })
    const widget = await openChat({ storage, backend })
    widgets.push(widget)
    typeText(widget, 'customer C123456789')
    await waitFor(async () => expect(await storage.get('draft')).toBe('customer ••••'))
    sendText(widget, 'customer C123456789 here')
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    expect(backend.texts()[0]?.body?.text).toBe('customer •••• here')
    expect(widget.screen.getByRole('status').textContent).toBe(NOTE)
    await settle()
    expect(await stored(storage)).not.toContain('123456789')
  })

  it('hides a card number and the site’s own pattern in the contact’s name before it is sent', async () => {
    const backend = createFakeBackend({ config: { maskPatterns: ['\\bC\\d{9}\\b'] } })
    const widget = await openChat({ backend })
    widgets.push(widget)
    await widget.widget.api.setContact({ name: `Jo ${CARD} C123456789`, email: 'jo@example.com' })
    const sent = backend.requests.find((request) => request.body?.contact)
    expect(sent?.body?.contact).toEqual({
      name: 'Jo •••• •••• •••• 1111 ••••',
      email: 'jo@example.com',
    })
  })

  it('shows the note in the visitor’s language', async () => {
    const backend = createFakeBackend({ config: { lang: 'de' } })
    const widget = await mountTestWidget({ backend })
    widgets.push(widget)
    widget.widget.api.open()
    const box = await widget.screen.findByRole('textbox')
    fireEvent.input(box, { target: { value: `Karte ${CARD}` } })
    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    expect((await widget.screen.findByRole('status')).textContent).toBe(
      'Eine Karten- oder Kontonummer wurde zu Ihrer Sicherheit verborgen',
    )
  })

  it('sends Porthole.sendMessage’s text masked', async () => {
    const backend = createFakeBackend()
    const widget = await openChat({ backend })
    widgets.push(widget)
    await widget.widget.api.sendMessage(`card ${CARD}`)
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    expect(backend.texts()[0]?.body?.text).toBe('card •••• •••• •••• 1111')
  })
})
