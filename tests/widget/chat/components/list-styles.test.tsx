import { render } from 'preact'
import { beforeAll, describe, expect, it } from 'vitest'
import { TrayView } from '../../../../widget/chat/attachments/TrayView'
import { IntroLog } from '../../../../widget/chat/components/IntroLog'
import { MediaContent } from '../../../../widget/chat/components/MessageItem'
import { MessageList } from '../../../../widget/chat/components/MessageList'
import { MEDIA_CSS } from '../../../../widget/chat/components/media-styles'
import { MESSAGE_CSS } from '../../../../widget/chat/components/message-styles'
import { type Conversation, emptyConversation } from '../../../../widget/chat/model/conversation'
import { CHAT_CSS } from '../../../../widget/chat/window/chat-styles'
import { EN_CHAT_STRINGS } from '../../../../widget/i18n/chat-strings'
import { EN } from '../../../../widget/i18n/english'
import { observable } from '../../../../widget/state/observable'
import { mediaContent } from '../../support/message-item'

// Issue 38: the list's styles (authors, days, retry, a message's entrance) come with the
// engine's chunk, and the bubbles' and dots' (message-styles.ts) with the log that draws
// them (IntroLog.tsx, a chunk of its own, or the engine's list), not with the chat's first
// open, whose home screen draws none. They must be in the shadow root when the log, the
// list or the file tray is first drawn: the same task as its render, before any paint.

beforeAll(() => MediaContent.preload())

/** A shadow root to draw into, and its adopted sheets' rules, in order. */
function shadow() {
  const host = document.createElement('div')
  document.body.append(host)
  const root = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  root.append(container)
  const sheets = () =>
    root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
  const selectors = () =>
    sheets().flatMap((rules) => rules.map((rule) => rule.split('{')[0]?.trim()))
  /** Which adopted sheet holds `css` (by its first rule's selector). */
  const sheetOf = (css: string) =>
    sheets().findIndex((rules) => css.includes(`\n${rules[0]?.split(' {')[0]}{`))
  const done = () => {
    render(null, container)
    host.remove()
  }
  return { container, selectors, sheetOf, done }
}

const noop = () => {}

/** The engine's list, drawn with `conversation` (none by default) and `intro`. */
const list = (container: HTMLElement, conversation: Conversation, intro: string[]) =>
  render(
    <MessageList
      conversation={conversation}
      history="idle"
      intro={intro}
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

describe("the list's styles", () => {
  it('are adopted by the list as it first draws', () => {
    const { container, selectors, done } = shadow()
    list(container, emptyConversation(), ['Hi!'])
    expect(selectors()).toContain('.ph-author')
    expect(selectors()).toContain('.ph-retry')
    done()
  })

  it('are adopted by the file tray, which may draw before the list', () => {
    const { container, selectors, done } = shadow()
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' })
    const items = [{ key: 1, file, state: 'failed', progress: 0, error: 'Upload failed' }]
    const tray = { state: observable({ items }), types: '', retry() {}, remove() {} } as never
    render(<TrayView tray={tray} strings={{ ...EN.attach } as never} lang="en" />, container)
    expect(selectors()).toContain('.ph-media-meta')
    done()
  })
})

describe("the bubbles' and dots' styles", () => {
  it("are not in the chat's first open", () => {
    expect(CHAT_CSS).not.toContain('.ph-bubble')
    expect(CHAT_CSS).not.toContain('.ph-dots')
  })

  it("are adopted by the first frame's log as it first draws", () => {
    const { container, selectors, done } = shadow()
    render(
      <IntroLog conversation={{ outbox: [] }} intro={['Hi!']} strings={EN_CHAT_STRINGS} />,
      container,
    )
    expect(selectors()).toContain('.ph-bubble')
    expect(selectors()).toContain('.ph-dots')
    done()
  })

  it("are adopted by the list before a media card's, whose rules override the bubble's", () => {
    const { container, sheetOf, done } = shadow()
    const photo = mediaContent('photo', 'p.jpg', 2048, { thumb: 'https://cdn.example/t.jpg' })
    const entry = { id: '1', author: 'agent' as const, content: photo, at: 1_700_000_000_000 }
    list(container, { ...emptyConversation(), entries: [entry] }, [])
    expect(sheetOf(MEDIA_CSS)).toBeGreaterThanOrEqual(0)
    expect(sheetOf(MESSAGE_CSS)).toBeGreaterThanOrEqual(0)
    expect(sheetOf(MESSAGE_CSS)).toBeLessThan(sheetOf(MEDIA_CSS))
    done()
  })
})
