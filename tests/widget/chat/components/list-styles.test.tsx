import { render } from 'preact'
import { describe, expect, it } from 'vitest'
import { TrayView } from '../../../../widget/chat/attachments/TrayView'
import { MessageList } from '../../../../widget/chat/components/MessageList'
import { emptyConversation } from '../../../../widget/chat/model/conversation'
import { EN_CHAT_STRINGS } from '../../../../widget/i18n/chat-strings'
import { EN } from '../../../../widget/i18n/english'
import { observable } from '../../../../widget/state/observable'

// Issue 38: the list's styles (authors, days, retry, a message's entrance) come with the
// engine's chunk, not the chat's first open. They must be in the shadow root when the list
// or the file tray is first drawn: the same task as its render, before any paint.

/** A shadow root to draw into, and its adopted rules' selectors. */
function shadow() {
  const host = document.createElement('div')
  document.body.append(host)
  const root = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  root.append(container)
  const selectors = () =>
    root.adoptedStyleSheets.flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText.split('{')[0]?.trim()),
    )
  return { host, container, selectors }
}

describe("the list's styles", () => {
  it('are adopted by the list as it first draws', () => {
    const { host, container, selectors } = shadow()
    const noop = () => {}
    render(
      <MessageList
        conversation={emptyConversation()}
        history="idle"
        intro={['Hi!']}
        typing={undefined}
        strings={EN_CHAT_STRINGS}
        lang="en"
        onRetry={noop}
        onSendNow={noop}
        onLoadEarlier={noop}
        onSend={noop}
      />,
      container,
    )
    expect(selectors()).toContain('.ph-author')
    expect(selectors()).toContain('.ph-retry')
    render(null, container)
    host.remove()
  })

  it('are adopted by the file tray, which may draw before the list', () => {
    const { host, container, selectors } = shadow()
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' })
    const items = [{ key: 1, file, state: 'failed', progress: 0, error: 'Upload failed' }]
    const tray = { state: observable({ items }), types: '', retry() {}, remove() {} } as never
    render(<TrayView tray={tray} strings={{ ...EN.attach } as never} lang="en" />, container)
    expect(selectors()).toContain('.ph-media-meta')
    render(null, container)
    host.remove()
  })
})
