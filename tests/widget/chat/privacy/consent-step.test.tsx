import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { consentVersion } from '../../../../shared/settings/privacy-settings'
import type { KeyValueStore } from '../../../../widget/storage/key-value-store'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { createFakeBackend } from '../../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../../support/mount-widget'
import { settle } from '../../support/chat-helpers'
import { recordingStore } from '../../support/recording-store'

// Settings privacy.consent "required": the chat window asks first, and until the visitor
// agrees nothing is stored in the browser and nothing is sent (no session, no stream).

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

const TERMS = {
  version: consentVersion('We keep this chat for 30 days.', 'https://shop.example/privacy'),
  text: 'We keep this chat for 30 days.',
  policyUrl: 'https://shop.example/privacy',
}

async function openWidget(storage: KeyValueStore, consent: unknown = TERMS) {
  const backend = createFakeBackend({ config: { consent } as never })
  const widget = await mountTestWidget({ backend, storage })
  widgets.push(widget)
  fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
  await widget.screen.findByRole('dialog')
  return widget
}

const visitorCalls = (widget: TestWidget) =>
  widget.backend.requests.filter(
    (request) => request.token !== undefined || !/^\/api\/(config|status)$/.test(request.path),
  )

describe('the consent step', () => {
  it('shows the site’s text and policy first; nothing is stored or sent before Agree', async () => {
    const { storage, written } = recordingStore()
    const widget = await openWidget(storage)
    const agree = await widget.screen.findByRole('button', { name: 'Agree' })
    expect(widget.screen.getByText(TERMS.text)).toBeTruthy()
    expect(widget.screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      TERMS.policyUrl,
    )
    // No message box until the visitor agrees.
    expect(widget.screen.queryByRole('textbox')).toBeNull()
    await waitFor(() => expect(widget.root.activeElement).toBe(agree))
    // Closing and opening again: still nothing written.
    fireEvent.click(widget.screen.getByRole('button', { name: 'No thanks' }))
    await waitFor(() => expect(widget.screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
    await widget.screen.findByRole('button', { name: 'Agree' })
    await settle(100)
    expect(written).toEqual([])
    expect(visitorCalls(widget)).toEqual([])
    expect(widget.EventSource.instances).toHaveLength(0)

    fireEvent.click(widget.screen.getByRole('button', { name: 'Agree' }))
    await widget.screen.findByRole('textbox', { name: 'Message' })
    // Agreed: stored with its version, the session made and the agreement recorded.
    await waitFor(() =>
      expect(widget.backend.consents.map((consent) => consent.version)).toEqual([TERMS.version]),
    )
    expect(await storage.get('consent')).toMatchObject({ version: TERMS.version, recorded: true })
    expect(await storage.get('open')).toBe(true)
    expect(widget.EventSource.instances).toHaveLength(1)
  })

  it('a stored agreement to the same version skips the step; a new version asks again', async () => {
    const storage = createMemoryStore()
    await storage.set('consent', { version: TERMS.version, at: 1, recorded: true })
    const same = await openWidget(storage)
    await same.screen.findByRole('textbox', { name: 'Message' })
    expect(same.screen.queryByRole('button', { name: 'Agree' })).toBeNull()
    same.unmount()
    widgets.length = 0

    const changed = await openWidget(storage, { ...TERMS, version: 'v2', text: 'New terms.' })
    await changed.screen.findByRole('button', { name: 'Agree' })
    expect(changed.screen.getByText('New terms.')).toBeTruthy()
    expect(changed.screen.queryByRole('textbox')).toBeNull()
  })

  it('without the site’s text the widget’s own shows; an unrecorded agreement is sent again', async () => {
    const storage = createMemoryStore()
    await storage.set('consent', { version: 'v1', at: 1 })
    const widget = await openWidget(storage, { version: 'v1' })
    await widget.screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(widget.backend.consents).toHaveLength(1))
    widget.unmount()
    widgets.length = 0

    const fresh = await openWidget(createMemoryStore(), { version: 'v1' })
    await fresh.screen.findByText(/we keep this conversation/i)
    expect(fresh.screen.queryByRole('link')).toBeNull()
  })

  it('the invitation rules remember nothing in the browser on a site that requires consent', async () => {
    localStorage.clear()
    sessionStorage.clear()
    const { storage, written } = recordingStore()
    const backend = createFakeBackend({
      config: {
        consent: TERMS,
        invitations: [
          {
            text: 'Questions? Ask us.',
            when: { secondsOnSite: 0, newVisitorsOnly: true },
            frequency: 'once-per-visitor',
          },
        ],
      } as never,
    })
    const widget = await mountTestWidget({ backend, storage })
    widgets.push(widget)
    await widget.screen.findByText('Questions? Ask us.')
    fireEvent.click(widget.screen.getByRole('button', { name: 'Dismiss invitation' }))
    await waitFor(() => expect(widget.screen.queryByText('Questions? Ask us.')).toBeNull())
    await settle(50)
    expect([Object.keys(localStorage), Object.keys(sessionStorage), written]).toEqual([[], [], []])
  })

  it('a site without consent opens on the conversation as before', async () => {
    const { storage, written } = recordingStore()
    const widget = await mountTestWidget({ storage })
    widgets.push(widget)
    fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
    await widget.screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(written).toContain('open'))
  })
})
