import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, expect, it, vi } from 'vitest'
import { createFakeBackend } from '../../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../../support/mount-widget'

// Issue 38: the first frame's log is a chunk of its own (widget/chat/components/IntroLog.tsx),
// out of the first open. It is fetched at the open all the same, beside the window: a new
// visitor who writes once the connection has dropped (the engine's chunk cannot come) still
// sees the message on its way. The module is wrapped: the test sees when it is imported.
const intro = vi.hoisted(() => ({ imported: false }))
vi.mock('../../../../widget/chat/components/IntroLog', async (original) => {
  intro.imported = true
  return original()
})

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

it("fetches the first frame's log at the open, while the home screen shows", async () => {
  const widget = await mountTestWidget({ backend: createFakeBackend() })
  widgets.push(widget)
  expect(intro.imported).toBe(false)
  fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
  await widget.screen.findByRole('dialog')
  // A new visitor's window: the home screen, no log drawn.
  expect(widget.root.querySelector('[role=log]')).toBeNull()
  await waitFor(() => expect(intro.imported).toBe(true))
})
