import { fireEvent } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { CHAT_CSS } from '../../../../widget/chat/window/chat-styles'
import { useMountedWidgets } from '../../../support/mount-widget'
import { openChat } from '../../support/chat-helpers'

// Issue 24, defect 8: the message box always showed a focus ring (a text box always matches
// :focus-visible); the ring shows for keyboard focus only.
const track = useMountedWidgets()

describe('the message box’s focus ring', () => {
  it('is drawn only inside a frame marked as moved by keyboard', () => {
    const rules = CHAT_CSS.split('}').filter((rule) => rule.includes('.ph-input:focus-visible'))
    expect(rules).toHaveLength(1)
    expect(rules[0]?.trim()).toMatch(/^\[data-kb\] \.ph-input:focus-visible[,{]/)
  })

  it('comes with Tab and goes with a pointer’s press', async () => {
    const widget = await openChat()
    track(widget)
    const frame = widget.root.querySelector('.ph-frame') as HTMLElement
    const input = widget.root.querySelector('.ph-input') as HTMLTextAreaElement
    expect(frame.hasAttribute('data-kb')).toBe(false)
    // Typing is not moving: the ring does not come with letters.
    fireEvent.keyDown(input, { key: 'a' })
    expect(frame.hasAttribute('data-kb')).toBe(false)
    fireEvent.keyDown(input, { key: 'Tab' })
    expect(frame.hasAttribute('data-kb')).toBe(true)
    fireEvent.pointerDown(input)
    expect(frame.hasAttribute('data-kb')).toBe(false)
  })
})
