import { waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '../../../support/fake-fetch'
import { useMountedWidgets } from '../../../support/mount-widget'
import { openChat, sendText } from '../../support/chat-helpers'

// Issue 24, defect 9 (part): the header's title, its landmark, and the visitor's links.
const track = useMountedWidgets()

describe('the chat window’s header and the visitor’s links', () => {
  it('gives the title a tooltip and adds no banner landmark to the page', async () => {
    const title = 'Northwind Outfitters customer care and order questions'
    const widget = await openChat({ backend: createFakeBackend({ config: { title } }) })
    track(widget)
    const heading = await widget.screen.findByRole('heading', { name: title })
    expect(heading.getAttribute('title')).toBe(title)
    // A <header> outside sectioning content is a page's banner: the widget has none.
    expect(widget.root.querySelector('header')).toBeNull()
    expect(widget.root.querySelector('.ph-header')).not.toBeNull()
  })

  it('makes the links the visitor types clickable in their own bubble', async () => {
    const widget = await openChat()
    track(widget)
    sendText(widget, 'See https://example.com/order/42 please')
    const link = await waitFor(() => {
      const found = widget.root.querySelector('.ph-own .ph-bubble a') as HTMLAnchorElement | null
      expect(found).not.toBeNull()
      return found as HTMLAnchorElement
    })
    expect(link.href).toBe('https://example.com/order/42')
    expect(link.closest('.ph-bubble')?.textContent).toBe('See https://example.com/order/42 please')
  })
})
