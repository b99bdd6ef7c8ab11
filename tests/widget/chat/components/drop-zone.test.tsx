import { waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { useMountedWidgets } from '../../../support/mount-widget'
import { openChat } from '../../support/chat-helpers'

// Issue 24, defect 9 (part): a file dragged over the chat window highlights it.
const track = useMountedWidgets()

/** A drag event carrying `types` (happy-dom's events carry no DataTransfer of their own). */
function drag(
  target: Element,
  type: string,
  types: string[],
  relatedTarget: Element | null = null,
) {
  const event = new Event(type, { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'dataTransfer', { value: { types, files: [] } })
  Object.defineProperty(event, 'relatedTarget', { value: relatedTarget })
  target.dispatchEvent(event)
}

describe('dragging a file over the chat window', () => {
  it('highlights the window while a file is over it, not for dragged text', async () => {
    const widget = await openChat()
    track(widget)
    const window = (await widget.screen.findByRole('dialog')) as HTMLElement
    drag(window, 'dragover', ['text/plain'])
    expect(window.classList.contains('ph-drop')).toBe(false)
    drag(window, 'dragover', ['Files'])
    await waitFor(() => expect(window.classList.contains('ph-drop')).toBe(true))
    // Moving over the window's own parts keeps it; leaving the window ends it.
    const box = widget.screen.getByRole('textbox', { name: 'Message' })
    drag(window, 'dragleave', ['Files'], box)
    expect(window.classList.contains('ph-drop')).toBe(true)
    drag(window, 'dragleave', ['Files'])
    await waitFor(() => expect(window.classList.contains('ph-drop')).toBe(false))
    drag(window, 'dragover', ['Files'])
    await waitFor(() => expect(window.classList.contains('ph-drop')).toBe(true))
    drag(window, 'drop', ['Files'])
    await waitFor(() => expect(window.classList.contains('ph-drop')).toBe(false))
  })
})
