import { useRef } from 'preact/hooks'
import type { ChannelMessage } from '../../../shared/protocol'
import type { Chat } from '../../sandbox/service/model'
import { customerName, STATE_LABELS } from './format'
import { MessageBubble } from './MessageBubble'
import { SystemLine } from './SystemLine'
import { useStickToBottom } from './use-stick-to-bottom'

type Props = {
  chat: Chat
  agentId: string | undefined
  agentName: (id: string) => string
  deliveryAttempts: number
  onJoin: () => void
  onClose: () => void
  onResend: (message: ChannelMessage) => void
}

/** The conversation: header with accept/close, the messages, and the typing indicator. */
export function Thread({
  chat,
  agentId,
  agentName,
  deliveryAttempts,
  onJoin,
  onClose,
  onResend,
}: Props) {
  const box = useRef<HTMLElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const name = customerName(chat)
  useStickToBottom(box, content, chat.id)
  const mine = chat.state === 'active' && chat.agentId === agentId
  const owner = chat.agentId ? agentName(chat.agentId) : undefined
  return (
    <section class="thread" ref={box} aria-label={`Chat with ${name}`}>
      <header class="thread-head">
        <div>
          <h1>{name}</h1>
          <p class="small muted">
            Chat #{chat.id} ·{' '}
            <span class={`pill pill-${chat.state}`}>{STATE_LABELS[chat.state]}</span>
            {owner && chat.state !== 'closed' ? ` · with ${owner}` : ''}
            {chat.bot === 'active' ? ' · the bot has this chat' : ''}
          </p>
        </div>
        <div class="thread-actions">
          {chat.state !== 'closed' && !mine ? (
            <button type="button" class="button primary" onClick={onJoin} disabled={!agentId}>
              Accept chat
            </button>
          ) : null}
          {chat.state !== 'closed' ? (
            <button type="button" class="button" onClick={onClose}>
              Close chat
            </button>
          ) : null}
        </div>
      </header>
      <div ref={content}>
        <ol class="messages" aria-live="polite">
          {chat.entries.map((entry) =>
            entry.author === 'system' ? (
              <SystemLine key={entry.id} entry={entry} />
            ) : (
              <MessageBubble
                key={entry.id}
                entry={entry}
                customerName={name}
                deliveryAttempts={deliveryAttempts}
                onResend={chat.state === 'closed' ? undefined : onResend}
              />
            ),
          )}
        </ol>
        {chat.customerTyping ? (
          <div class="typing-indicator" aria-live="polite">
            <span class="typing-dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {name} is typing…
          </div>
        ) : null}
      </div>
    </section>
  )
}
