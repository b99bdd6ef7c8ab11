import { render } from 'preact'
import { beforeAll, describe, expect, it } from 'vitest'
import { IntroLog } from '../../../../widget/chat/components/IntroLog'
import { MediaContent } from '../../../../widget/chat/components/MessageItem'
import { MessageList } from '../../../../widget/chat/components/MessageList'
import { MEDIA_CSS } from '../../../../widget/chat/components/media-styles'
import { MESSAGE_CSS } from '../../../../widget/chat/components/message-styles'
import { emptyConversation } from '../../../../widget/chat/model/conversation'
import { CHAT_CSS } from '../../../../widget/chat/window/chat-styles'
import { EN_CHAT_STRINGS } from '../../../../widget/i18n/chat-strings'
import { mediaContent } from '../../support/message-item'

// Issue 38: the bubbles' and the dots' styles are not in the chat's first open (a new
// visitor's home screen draws none); they come with the log that draws them (IntroLog.tsx,
// a chunk of its own, or the engine's list) and must be there when it first draws.

beforeAll(() => MediaContent.preload())

/** A shadow root to draw into, and its adopted sheets' CSS, in order. */
function shadow() {
  const host = document.createElement('div')
  document.body.append(host)
  const root = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  root.append(container)
  const sheets = () =>
    root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
  const selectors = () => sheets().flatMap((rules) => rules.map((rule) => rule.split('{')[0]))
  return { host, container, sheets, selectors }
}

/** The sheet whose first rule is `css`'s first rule. */
const sheetOf = (sheets: string[][], css: string) =>
  sheets.findIndex((rules) => css.includes(rules[0]?.split('{')[0]?.trim() ?? '\0'))

const noop = () => {}

describe("the messages' styles", () => {
  it("are not in the chat's first open", () => {
    expect(CHAT_CSS).not.toContain('.ph-bubble')
    expect(CHAT_CSS).not.toContain('.ph-dots')
  })

  it("are adopted by the first frame's log as it first draws", () => {
    const { host, container, selectors } = shadow()
    render(
      <IntroLog conversation={{ outbox: [] }} intro={['Hi!']} strings={EN_CHAT_STRINGS} />,
      container,
    )
    expect(selectors()).toContain('.ph-bubble ')
    expect(selectors()).toContain('.ph-dots ')
    render(null, container)
    host.remove()
  })

  it("are adopted by the list before a media card's, whose rules override the bubble's", () => {
    const { host, container, sheets } = shadow()
    const photo = mediaContent('photo', 'p.jpg', 2048, { thumb: 'https://cdn.example/t.jpg' })
    const conversation = {
      ...emptyConversation(),
      entries: [{ id: '1', author: 'agent' as const, content: photo, at: 1_700_000_000_000 }],
    }
    render(
      <MessageList
        conversation={conversation}
        history="idle"
        intro={[]}
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
    const media = sheetOf(sheets(), MEDIA_CSS)
    expect(media).toBeGreaterThanOrEqual(0)
    expect(sheetOf(sheets(), MESSAGE_CSS)).toBeGreaterThanOrEqual(0)
    expect(sheetOf(sheets(), MESSAGE_CSS)).toBeLessThan(media)
    render(null, container)
    host.remove()
  })
})
