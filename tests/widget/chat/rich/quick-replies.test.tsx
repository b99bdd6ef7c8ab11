import { fireEvent, waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../../shared/widget-api'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { createFakeBackend } from '../../../support/fake-fetch'
import { mountTestWidget, type TestWidget, useMountedWidgets } from '../../../support/mount-widget'
import { createBase, createEntry } from '../../../support/widget-factories'
import { openChat, sendText, settle, streamText } from '../../support/chat-helpers'

// The bot's BUTTONS in the widget (issue 24): quick replies under the message.

const FALLBACK = 'Where should we ship? Reply "Within the country" or "Abroad".'

const track = useMountedWidgets()

function createButtonsEntry(overrides: Partial<ConversationEntry> = {}): ConversationEntry {
  return createEntry({
    id: '41',
    name: 'Northwind bot',
    content: { type: 'text', text: FALLBACK },
    rich: {
      type: 'buttons',
      text: 'Where should we ship?',
      buttons: [
        { id: 'domestic', text: 'Within the country' },
        { id: 'abroad', text: 'Abroad' },
      ],
    },
    ...overrides,
  })
}

const quickReplies = (widget: TestWidget) =>
  [...widget.root.querySelectorAll('.ph-quick button')].map((button) => button.textContent)

describe('the bot’s buttons as quick replies', () => {
  it('shows the heading and the buttons under it; a tap sends the button’s text', async () => {
    const backend = createFakeBackend()
    const widget = track(await openChat({ backend }))
    widget.stream().emit('message', createButtonsEntry(), '41')
    const abroad = await widget.screen.findByRole('button', { name: 'Abroad' })
    expect(quickReplies(widget)).toEqual(['Within the country', 'Abroad'])
    expect(widget.screen.getByText('Where should we ship?')).toBeTruthy()
    expect(widget.screen.queryByText(FALLBACK)).toBeNull()
    abroad.focus()
    fireEvent.click(abroad)
    // Focus does not fall out of the widget when the buttons go.
    expect(widget.root.activeElement).toBe(widget.screen.getByRole('log'))
    await waitFor(() => expect(backend.texts()).toHaveLength(1))
    expect(backend.texts()[0]?.body).toMatchObject({ type: 'text', text: 'Abroad' })
    // Answered: the buttons are gone.
    await waitFor(() => expect(quickReplies(widget)).toEqual([]))
    await widget.screen.findByText('Abroad')
  })

  it('vanish once the customer answered anything, and stay gone after a reload', async () => {
    const base = createBase()
    const storage = createMemoryStore()
    const backend = createFakeBackend()
    const first = await openChat({ base, storage, backend })
    first.stream().emit('message', createButtonsEntry(), '41')
    await first.screen.findByRole('button', { name: 'Abroad' })
    sendText(first, 'Actually, do you sell tents?')
    await waitFor(() => expect(quickReplies(first)).toEqual([]))
    await first.screen.findByText('Sent')
    await settle()
    first.unmount()

    const second = track(await mountTestWidget({ base, storage, backend }))
    await second.screen.findByText('Where should we ship?')
    await settle(20)
    expect(quickReplies(second)).toEqual([])
  })

  it('stay for a later bot message and an agent’s message without an answer', async () => {
    const widget = track(await openChat())
    widget.stream().emit('message', createButtonsEntry(), '41')
    streamText(widget, '42', 'Take your time.')
    await widget.screen.findByText('Take your time.')
    await waitFor(() => expect(quickReplies(widget)).toEqual(['Within the country', 'Abroad']))
  })

  it('show as the plain fallback when `rich` is not what it should be', async () => {
    const widget = track(await openChat())
    widget.stream().emit(
      'message',
      createButtonsEntry({
        rich: {
          type: 'buttons',
          text: 'Pick',
          buttons: [],
        } as unknown as ConversationEntry['rich'],
      }),
      '41',
    )
    await widget.screen.findByText(FALLBACK)
    await settle(20)
    expect(quickReplies(widget)).toEqual([])
  })
})
