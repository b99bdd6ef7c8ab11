import { fireEvent, render } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { IntroLog } from '../../../../widget/chat/components/IntroLog'
import { EN_CHAT_STRINGS } from '../../../../widget/i18n/chat-strings'
import { createFakeBackend } from '../../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../../support/mount-widget'
import { settle } from '../../support/chat-helpers'

// Issue 38: the first frame draws the log without the conversation's list, which comes
// with the engine's chunk (widget/chat/components/conversation-log.ts).
// The engine's module is replaced: a test that imports it says so.
const engine = vi.hoisted(() => ({ imported: false }))
vi.mock('../../../../widget/chat/engine/engine', () => {
  engine.imported = true
  return {}
})

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

describe("the first frame's log", () => {
  it("draws an answered invitation's conversation without fetching the engine's list", async () => {
    const widget = await mountTestWidget({
      backend: createFakeBackend({ config: { greeting: 'Hi! How can we help?' } }),
    })
    widgets.push(widget)
    widget.widget.context.ui.set({ inviteAnswer: 'Questions about pricing? Ask us!' })
    fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
    const log = await widget.screen.findByRole('log', { name: 'Messages' })
    await widget.screen.findByText('Hi! How can we help?')
    expect(log.textContent).toContain('Questions about pricing? Ask us!')
    await settle(200)
    expect(engine.imported).toBe(false)
  })

  it('shows dots, not the greeting, while a stored conversation is read', () => {
    const { container } = render(
      <IntroLog
        conversation={{ outbox: [] }}
        intro={['Hello']}
        starting
        strings={EN_CHAT_STRINGS}
      />,
    )
    const log = container.querySelector('[role=log]') as HTMLElement
    expect(log.getAttribute('aria-busy')).toBe('true')
    expect(log.textContent).not.toContain('Hello')
    expect(log.querySelector('.ph-dots')).toBeTruthy()
  })

  it('shows a message sent before the engine runs as on its way, with the notice', () => {
    const { container } = render(
      <IntroLog
        conversation={{ outbox: [{ id: 'c1', text: 'Quick question', at: 0 }] }}
        intro={['Hello']}
        notice="We reply within a day"
        strings={EN_CHAT_STRINGS}
      />,
    )
    const log = container.querySelector('[role=log]') as HTMLElement
    expect(log.querySelector('.ph-own')?.textContent).toBe(
      `Quick question${EN_CHAT_STRINGS.sending}`,
    )
    expect(log.textContent).toMatch(/^We reply within a dayHello/)
  })
})
