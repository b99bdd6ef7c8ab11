import { render } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../../shared/widget-api'
import { arrivals } from '../../../../widget/chat/components/arrivals'
import { Entries } from '../../../../widget/chat/components/Entries'
import { listStrings } from '../../../../widget/chat/components/list-strings'
import { type Conversation, emptyConversation } from '../../../../widget/chat/model/conversation'
import { EN_CHAT_STRINGS } from '../../../../widget/i18n/chat-strings'
import { createEntry } from '../../../support/widget-factories'

// Issue 35, motion: a message that arrives while the window shows enters with motion;
// the history rendered at open, earlier pages loaded above and old replays do not.

const NOW = Date.now()
const text = (id: string, at = NOW, overrides: Partial<ConversationEntry> = {}) =>
  createEntry({ id, at, content: { type: 'text', text: `message ${id}` }, ...overrides })

function list(entries: ConversationEntry[], outbox: Conversation['outbox'] = []) {
  return { ...emptyConversation(), entries, outbox }
}

function show(conversation: Conversation) {
  const props = {
    strings: listStrings(EN_CHAT_STRINGS),
    lang: 'en' as const,
    onRetry: () => {},
    onSendNow: () => {},
    onSend: () => {},
  }
  const view = render(<Entries conversation={conversation} {...props} />)
  const entering = () =>
    [...view.container.querySelectorAll('.ph-msg.ph-enter .ph-bubble')].map(
      (node) => node.textContent,
    )
  return {
    entering,
    update: (next: Conversation) => view.rerender(<Entries conversation={next} {...props} />),
  }
}

describe('messages entering (Entries)', () => {
  it('the history shown at open stays still; a message arriving after enters, and keeps its class', () => {
    const history = [text('1', NOW - 5000), text('2', NOW - 4000)]
    const view = show(list(history))
    expect(view.entering()).toEqual([])
    view.update(list([...history, text('3')]))
    expect(view.entering()).toEqual(['message 3'])
    // Another render (a delivery mark, typing) does not take it away mid-animation.
    view.update(list([...history, text('3'), text('4')]))
    expect(view.entering()).toEqual(['message 3', 'message 4'])
  })

  it('earlier pages loaded above do not enter', () => {
    const shown = [text('5'), text('6')]
    const view = show(list(shown))
    view.update(list([text('3'), text('4'), ...shown]))
    expect(view.entering()).toEqual([])
  })

  it('the visitor’s message enters once: from the outbox, not again as the backend’s entry', () => {
    const view = show(list([text('1')]))
    const outbox = [{ id: 'abc123', text: 'hello', at: NOW }]
    view.update(list([text('1')], outbox))
    expect(view.entering()).toEqual(['hello'])
    view.update(
      list([
        text('1'),
        text('2', NOW, {
          author: 'visitor',
          clientId: 'abc123',
          content: { type: 'text', text: 'hello' },
        }),
      ]),
    )
    expect(view.entering()).toEqual([])
  })
})

describe('arrivals', () => {
  it('an old message replayed after the first render is history, not an arrival', () => {
    const seen = arrivals(undefined, [], NOW)
    arrivals(
      seen,
      [
        { key: 'a', at: NOW - 10 * 60_000 },
        { key: 'b', at: NOW - 1000 },
      ],
      NOW,
    )
    expect([...seen.entered]).toEqual(['b'])
  })
})
