import { IntroLog } from './IntroLog'
import { lazy } from './lazy'
import type { MessageListProps } from './MessageList'

/**
 * The conversation's list: in the engine's chunk, which the controller preloads with the
 * engine (controller.ts), so it renders at once once there is a conversation. Until it
 * is there (offline), the log of the first frame stands in, messages sent meanwhile shown
 * as on their way.
 */
export const ConversationLog = lazy<MessageListProps>(
  () => import('../engine/engine').then((module) => module.MessageList),
  IntroLog,
)
