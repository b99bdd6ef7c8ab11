import { fireEvent, waitFor, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget, useMountedWidgets } from '../../support/mount-widget'

// Issue 24, defect 5: while the backend cannot be reached the launcher's dot stayed green.
// Three states: online, offline, unknown. Unknown is not offline: the open chat keeps its
// composer (a fix that called it offline swapped it for the offline form and lost messages).

const track = useMountedWidgets()

/** A backend whose GET /api/status can be made to fail (unreachable) and recover. */
async function start() {
  const backend = createFakeBackend()
  const reach = { status: true }
  const widget = await mountTestWidget({
    backend: {
      ...backend,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/api/status') && !reach.status)
          throw new TypeError('Failed to fetch')
        return backend.fetch(input, init)
      }) as typeof globalThis.fetch,
    },
  })
  track(widget)
  return { widget, backend, reach }
}

const launcher = (widget: TestWidget) => widget.root.querySelector('.ph-launcher') as HTMLElement
const dot = (widget: TestWidget) => widget.root.querySelector('.ph-dot') as HTMLElement
// A tab that becomes visible polls at once (status-poller.ts): the next poll, without a timer.
const pollNow = () => document.dispatchEvent(new Event('visibilitychange'))

describe('the status while the backend cannot be reached', () => {
  it('the launcher shows no green dot and no status; the open chat keeps its composer', async () => {
    const { widget, backend, reach } = await start()
    await waitFor(() =>
      expect(launcher(widget).getAttribute('aria-label')).toBe('Open chat. We are online'),
    )
    expect(dot(widget).hidden).toBe(false)
    fireEvent.click(launcher(widget))
    // The chat's own box (a new visitor's tap draws the loader's frame with one first).
    const dialog = await widget.screen.findByRole('dialog')
    const box = await within(dialog).findByRole('textbox', { name: 'Message' })

    reach.status = false
    pollNow()
    await waitFor(() => expect(launcher(widget).getAttribute('aria-label')).toBe('Close chat'))
    expect(dot(widget).hidden).toBe(true)
    // Not offline: the composer stays, nothing asks for contact details.
    expect(widget.screen.getByRole('textbox', { name: 'Message' })).toBe(box)
    expect(widget.root.querySelector('.ph-offline-form')).toBeNull()

    reach.status = true
    backend.state.online = false
    pollNow()
    await waitFor(() =>
      expect(launcher(widget).getAttribute('aria-label')).toBe('Close chat. Leave a message'),
    )
    expect(dot(widget).hidden).toBe(false)
  })
})
