import type { ComponentChild } from 'preact'
import type { Contact } from '../../../shared/widget-api'
import type { Observable } from '../../state/observable'
import type { later } from '../engine/on-demand'
import type { Conversation } from '../model/empty-conversation'
import type { createAttention } from './attention'
import type { Link, watchLink } from './connection'
import type { Draft } from './draft'

// The chat window's state and what the window shares with the engine: types only, so
// the window (controller.ts), the engine (engine.ts) and the end-of-chat slot import
// them without importing each other.

/** The chat window's state: what its components render, set by the window and the engine. */
export interface ChatWindowState {
  conversation: Conversation
  /** Set while an agent types (hidden on typeout, on a message, or after 30 s). */
  agentTyping: { name?: string } | undefined
  contact: Contact
  /** Loading an earlier page of the conversation. */
  history: 'idle' | 'loading' | 'failed'
  /** The connection as the header tells it (the browser offline, the live stream down). */
  link: Link
  /** A returning visitor's conversation is being read (the engine starts): no greeting yet. */
  starting?: boolean
  /** The device knew this visitor at the open (a session or a conversation was stored). */
  returning?: boolean
  /** Why an e-mail's resume link opened another conversation than its own (widget/chat/engine/resume.ts). */
  note?: string
  /** The note under the message box when the visitor's last message had something hidden. */
  masked?: string
  /** Shown in place of the message box until the visitor answers (the resume link's prompt). */
  prompt?: ComponentChild
  /**
   * Shown in place of the conversation and the message box: the consent step until the
   * visitor agrees, the menu of their data (widget/chat/privacy/).
   */
  gate?: ComponentChild
  /**
   * The Help view in place of the conversation: the article it opens on (a suggestion,
   * Porthole.openArticle) and what the visitor had typed (widget/help/HelpView.tsx).
   */
  help?: { article?: { id: string; title?: string }; query?: string }
}

/** What the chat window owns and the engine (engine.ts) works with. */
export interface EngineShared {
  state: Observable<ChatWindowState>
  /** The header's connection line: the engine reports its live stream. */
  link: ReturnType<typeof watchLink>
  /** The reply sound and the hidden tab's title (their own chunk). */
  attention: ReturnType<typeof later<ReturnType<typeof createAttention>>>
  /** The message box's text: a signed-out device puts its unsent messages back in it. */
  draft: Draft
}
