import type { ComponentProps } from 'preact'
import { useState } from 'preact/hooks'
import { MessageItem } from '../components/MessageItem'
import type { Conversation } from '../model/conversation'
import { adoptStyles } from '../window/adopt-styles'
import { markdown } from './markdown'
import { parseRich } from './rich-look'

const RICH_CSS = `
.ph-quick{display:flex;flex-wrap:wrap;gap:6px;max-width:84%;margin-top:-4px}
.ph-quick button{min-height:36px;padding:6px 14px;border-radius:18px;border:1.5px solid var(--ph-accent);background:var(--ph-bg);color:var(--ph-fg);font:inherit;font-size:14px;cursor:pointer;text-align:start}
.ph-quick button:hover{background:color-mix(in srgb,var(--ph-accent) 14%,var(--ph-bg))}
.ph-quick button:focus-visible{outline:3px solid var(--ph-accent);outline-offset:2px}
`

/**
 * The quick replies, drawn after the list followed its newest message (this chunk came
 * later), keep a log that was at its end there: the customer sees them whole.
 */
function show(node: HTMLElement | null): void {
  adoptStyles(node, RICH_CSS)
  const log = node?.closest('.ph-log')
  if (node && log && log.scrollHeight - log.scrollTop - log.clientHeight < node.offsetHeight + 60)
    log.scrollTop = log.scrollHeight
}

export type RichItemProps = ComponentProps<typeof MessageItem> & {
  conversation: Conversation
  /** The entry's place in conversation.entries: its `rich` is checked here. */
  index: number
  /** Sends a text as the customer's message (a tapped quick reply). */
  onSend: (text: string) => void
}

/**
 * A message of Porthole's bot as it was sent: its Markdown rendered, or its heading with
 * the buttons as quick replies under it until the customer answers anything (a tap sends
 * the button's text, as the fallback asks the customer to type). A chunk of its own, loaded
 * with the first such message; meanwhile, and for a `rich` it cannot read, the plain text.
 */
export function RichItem({ conversation, index, onSend, ...item }: RichItemProps) {
  const [tapped, setTapped] = useState(false)
  const look = parseRich(conversation.entries[index]?.rich)
  if (!look) return <MessageItem {...item} />
  if (look.type === 'markdown') return <MessageItem {...item}>{markdown(look.text)}</MessageItem>
  const answered =
    tapped ||
    conversation.outbox.length > 0 ||
    conversation.entries
      .slice(index + 1)
      .some((entry) => entry.author === 'visitor' || entry.ended !== undefined)
  return (
    <>
      <MessageItem {...item} content={{ type: 'text', text: look.text }} />
      {!answered && (
        <div class="ph-quick" ref={show}>
          {look.buttons.map((button) => (
            <button
              type="button"
              key={button.text}
              dir="auto"
              onClick={(event) => {
                // The buttons go: focus stays in the conversation (not the message box,
                // which would open a phone's keyboard).
                event.currentTarget.closest<HTMLElement>('.ph-log')?.focus()
                setTapped(true)
                onSend(button.text)
              }}
            >
              {button.text}
            </button>
          ))}
        </div>
      )}
    </>
  )
}
