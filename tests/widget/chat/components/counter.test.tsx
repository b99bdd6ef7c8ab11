import { waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { useMountedWidgets } from '../../../support/mount-widget'
import { openChat, typeText } from '../../support/chat-helpers'

// Issue 24, defect 8: "0/1000" under the message box all the time; shown near the limit only.
const track = useMountedWidgets()

describe('the message box’s counter', () => {
  it('shows from 80 % of the limit, in a polite live region', async () => {
    const widget = await openChat()
    track(widget)
    const counter = widget.root.getElementById('ph-counter') as HTMLElement
    expect(counter.getAttribute('aria-live')).toBe('polite')
    expect(counter.textContent).toBe('')
    typeText(widget, 'x'.repeat(799))
    await waitFor(() =>
      expect((widget.root.querySelector('.ph-input') as HTMLTextAreaElement).value).toHaveLength(
        799,
      ),
    )
    expect(counter.textContent).toBe('')
    typeText(widget, 'x'.repeat(800))
    await waitFor(() => expect(counter.textContent).toBe('800/1000'))
    typeText(widget, 'x'.repeat(1200))
    await waitFor(() => expect(counter.textContent).toMatch(/2 messages/))
  })
})
