import type { WidgetContext } from '../../loader/context'
import type { Observable } from '../../state/observable'
import type { ChatWindowState } from '../window/chat-window-state'

/**
 * What the end-of-chat panel needs beyond the entries (the backend, the session's
 * storage, the language, the visitor's contact): set by the engine when it starts
 * (engine.ts), so neither the chat chunk nor its props carry a byte of it. One widget
 * per page; the newest engine's.
 */
export const endSlot: { context?: WidgetContext; state?: Observable<ChatWindowState> } = {}
