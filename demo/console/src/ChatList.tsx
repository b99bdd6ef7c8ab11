import type { Chat } from '../../sandbox/service/model'
import { ChatListItem } from './ChatListItem'
import type { ChannelView } from './live-state'

type Props = {
  chats: Chat[]
  channels: ChannelView[]
  selectedId: string | undefined
  onSelect: (chatId: string) => void
}

export function ChatList({ chats, channels, selectedId, onSelect }: Props) {
  const channelName = (id: string) => channels.find((channel) => channel.id === id)?.name ?? id
  const open = chats.filter((chat) => chat.state !== 'closed')
  const closed = chats.filter((chat) => chat.state === 'closed')
  const section = (title: string, list: Chat[]) => (
    <section class="chat-section" aria-label={title}>
      <h2>
        {title} <span class="count">{list.length}</span>
      </h2>
      {list.length === 0 ? (
        <p class="muted small">None</p>
      ) : (
        <ul>
          {list.map((chat) => (
            <ChatListItem
              key={chat.id}
              chat={chat}
              channelName={channelName(chat.channelId)}
              selected={chat.id === selectedId}
              onSelect={() => onSelect(chat.id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
  return (
    <nav class="chat-list" aria-label="Chats">
      {section('Open chats', open)}
      {closed.length > 0 ? section('Closed', closed) : null}
    </nav>
  )
}
