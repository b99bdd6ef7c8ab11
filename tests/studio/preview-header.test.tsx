// @vitest-environment happy-dom
import { fireEvent, waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { parseSettings } from '../../server/settings/load-settings'
import { publicConfigOf } from '../../shared/settings/public-config'
import type { PublicConfig } from '../../shared/widget-api'
import { previewFetch } from '../../studio/src/preview/preview-backend'
import { previewConfig } from '../../studio/src/preview-config'
import { createFakeBackend } from '../support/fake-fetch'
import { mountTestWidget, type TestWidget, useMountedWidgets } from '../support/mount-widget'
import { createSettings } from './support/fake-studio-api'

// Issue 35, defect 3: the studio's preview drew the header without the mute button, so the
// site owner approved a header (the title whole) that visitors never saw. The preview now
// mounts the widget with the very buttons visitors get.

const track = useMountedWidgets()

/** The header as drawn: its title, the title's direction, its buttons, then the menu's. */
async function drawnHeader(widget: TestWidget) {
  track(widget)
  fireEvent.click(widget.screen.getByRole('button', { name: /open chat/i }))
  await widget.screen.findByRole('dialog')
  const header = widget.root.querySelector('.ph-header') as HTMLElement
  const title = header.querySelector('.ph-title') as HTMLElement
  const buttons = [...header.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))
  fireEvent.click(widget.screen.getByRole('button', { name: 'Menu' }))
  await waitFor(() => expect(widget.root.querySelector('.ph-menu')).not.toBeNull())
  const menu = [...widget.root.querySelectorAll('.ph-menu button')].map((b) => b.textContent)
  return { title: title.textContent, dir: title.getAttribute('dir'), buttons, menu }
}

describe('the preview’s header', () => {
  it.each([true, false])('has the buttons visitors get (sound %s)', async (sound) => {
    const draft = createSettings({
      title: 'Northwind Outfitters',
      sound,
      team: { avatars: ['https://shop.example/anna.png'], replyTime: 'minutes' },
    })
    const { bot: _bot, ...withoutBot } = draft
    const visitorConfig: PublicConfig = publicConfigOf(parseSettings(withoutBot), 'en', Date.now())
    const visitor = await drawnHeader(await mountTestWidget({ config: visitorConfig }))

    const config = previewConfig(draft, 'en')
    const preview = await drawnHeader(
      await mountTestWidget({
        config,
        backend: { ...createFakeBackend(), fetch: previewFetch(() => ({ online: true, config })) },
      }),
    )
    expect(preview).toEqual(visitor)
    expect(visitor.buttons).toEqual(['Help', 'Menu', 'Close chat'])
    expect(visitor.dir).toBe('auto')
    expect(visitor.menu.includes('Mute')).toBe(sound)
  })
})
