import type { ComponentType } from 'preact'
import type { IntroLogProps } from './IntroLog'
import { lazy } from './lazy'
import type { MessageListProps } from './MessageList'

/** A log's place until its code is there: the message box stays at the window's foot, where it will be. */
export const LogPlace = () => <div class="ph-log" aria-hidden="true" />

/**
 * The first frame's log (the greeting, an answered invitation, dots while a stored
 * conversation is read, messages sent before the engine runs): a chunk of its own,
 * fetched when a log first shows, which a new visitor's home screen does not.
 */
export const IntroLog = lazy<IntroLogProps>(
  () => import('./IntroLog').then((module) => module.IntroLog),
  LogPlace,
)

/**
 * The conversation's list: in the engine's chunk, which the controller preloads with the
 * engine (controller.ts), so it renders at once once there is a conversation. Until it
 * is there (offline), the log of the first frame stands in, messages sent meanwhile shown
 * as on their way.
 */
export const ConversationLog = lazy<MessageListProps>(
  () => import('../engine/engine').then((module) => module.MessageList),
  // The list's props hold all of the first frame's log's.
  IntroLog as ComponentType<IntroLogProps> as ComponentType<MessageListProps>,
)
