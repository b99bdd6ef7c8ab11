import type { WidgetContext } from '../../loader/context'
import { compareEntryIds } from '../../protocol/entry-id'
import { joinsArriving } from '../model/agent-joined'
import { newReplies } from '../model/unread'
import type { EngineShared } from '../window/chat-window-state'
import type { PersistedOptions } from './persisted'

/**
 * What a change of the conversation tells the page and the visitor (engine.ts): replies
 * arriving now are announced (the page's `message` and `agentJoined` events, the reply
 * sound while the chat is not seen) and so is the end of the conversation; history
 * pages and other tabs' news are not.
 */
export function conversationNews(
  { emitter, settings }: WidgetContext,
  attention: EngineShared['attention'],
  isSeen: () => boolean,
  hideTyping: () => void,
): PersistedOptions['onChange'] {
  return (next, previous, event) => {
    const fresh =
      event.type === 'entries' || event.type === 'accepted' ? newReplies(previous, next) : []
    if (fresh.length > 0) {
      hideTyping()
      for (const entry of fresh) emitter.emit('message', entry)
      if (!isSeen()) {
        const count = fresh.length
        attention.run((loaded) => loaded.notify(settings.sound, count))
      }
    }
    // After the messages: a join named by the service arrives with none.
    if (event.type === 'entries' || event.type === 'accepted')
      for (const { name } of joinsArriving(previous, next, fresh))
        emitter.emit('agentJoined', { name })
    // The end arriving now (not read yet anywhere) is news for the page, not a reply.
    const last = next.entries.at(-1)
    if (
      event.type === 'entries' &&
      last?.ended &&
      !previous.entries.includes(last) &&
      !(next.readUpTo && compareEntryIds(last.id, next.readUpTo) <= 0)
    )
      emitter.emit('conversationEnded', { reason: last.ended })
  }
}
