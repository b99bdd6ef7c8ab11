import type { Contact, IdentifiedUser } from '../../shared/widget-api'
import type { LoaderStrings } from '../i18n/loader-strings'
import type { Translation } from '../i18n/translation'
import type { Emitter } from '../state/emitter'
import type { Observable } from '../state/observable'
import type { KeyValueStore } from '../storage/key-value-store'
import type { WidgetSettings } from './settings'

/** UI state shared by the loader (launcher, invite) and the chat chunk. */
export interface UiState {
  open: boolean
  /** Unknown until the first status answer, and while the backend cannot be reached. */
  online?: boolean
  unread: number
  /** The invitation bubble's text while it shows. */
  invite?: string
  /** The invitation the customer answered: the next message carries it as sender.invite. */
  inviteAnswer?: string
  /** A reply's text previewed beside the closed launcher (in the invitation's bubble). */
  peek?: string
  /** Porthole.hide(): the launcher is hidden (the site has its own button). */
  hidden?: boolean
  /** Outside the site's business hours (GET /api/status `open: false`). */
  away?: boolean
}

export type EventSourceClass = new (url: string) => EventSource

/** Everything the chat chunk needs from the loader. */
export interface WidgetContext {
  /** The backend's base URL, ending with "/". */
  base: string
  settings: WidgetSettings
  strings: LoaderStrings
  /**
   * The visitor's language's file as the loader fetched it before engagement, handed to the
   * chat (which then fetches no language file); undefined for English, or when it could not
   * load (English then).
   */
  words?: Translation
  root: ShadowRoot
  /** The positioned element inside the shadow root the chat window goes into. */
  frame: HTMLElement
  launcher: HTMLButtonElement
  storage: KeyValueStore
  fetch: typeof fetch
  EventSource: EventSourceClass
  emitter: Emitter
  ui: Observable<UiState>
  /** Opens or closes the chat window and remembers the choice. */
  setOpen(open: boolean): void
  /** The BroadcastChannel name that keeps this backend's tabs in sync. */
  channelName: string
  /** The page's address as sent with each message (sender.url), with Porthole.setAttributes' values. */
  url: () => string
  /**
   * Set by Porthole.shutdown() and after Delete my conversation, and while the visitor has
   * not agreed to the site's consent terms: the chat stores nothing (chat/own-storage.ts).
   */
  ended?: boolean
}

/** What the chat chunk gives back to the loader. */
export interface ChatApi {
  sendMessage(text: string): Promise<void>
  setContact(contact: Contact): Promise<void>
  identify(user: IdentifiedUser): Promise<void>
  clearHistory(): Promise<void>
  /** Shows an article in the window (the Help view's reader). */
  openArticle(id: string): void
  destroy(): void
}

export type ChatModule = { startChat(context: WidgetContext): Promise<ChatApi> }
