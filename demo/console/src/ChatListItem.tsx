import type { Chat } from '../../sandbox/service/model'
import { Avatar } from './Avatar'
import { customerName, formatTime, preview, STATE_LABELS } from './format'

type Props = { chat: Chat; channelName: string; selected: boolean; onSelect: () => void }

export function ChatListItem({ chat, channelName, selected, onSelect }: Props) {
  const name = customerName(chat)
  const last =
    [...chat.entries].reverse().find((entry) => entry.author !== 'system') ?? chat.entries.at(-1)
  return (
    <li>
      <button
        type="button"
        class={`chat-item ${selected ? 'is-selected' : ''}`}
        aria-current={selected}
        onClick={onSelect}
      >
        <Avatar name={name} photo={chat.customer.photo} />
        <span class="chat-item-body">
          <span class="chat-item-top">
            <span class="chat-item-name">{name}</span>
            <span class="chat-item-time">{formatTime(chat.updatedAt)}</span>
          </span>
          <span class="chat-item-preview">
            {chat.customerTyping ? <em class="typing-text">typing…</em> : preview(last)}
          </span>
          <span class="chat-item-meta">
            <span class={`pill pill-${chat.state}`}>{STATE_LABELS[chat.state]}</span>
            <span class="chat-item-channel">{channelName}</span>
            {chat.unread > 0 ? (
              <span class="badge">
                {chat.unread}
                <span class="visually-hidden"> unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  )
}
