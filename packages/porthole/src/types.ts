// The page API of widget.js (window.Porthole), written out for apps that install this
// package. The widget's own definitions (widget/loader/js-api.ts, widget/state/emitter.ts,
// shared/widget-api.ts) are the source: tests/packages/api-drift.test.ts and the type
// checks in tests/packages/api-types.ts fail when the two differ.

/** Contact details of the visitor (setContact, identify): sent to agents with every message. */
export interface Contact {
  name?: string
  email?: string
  phone?: string
}

/**
 * A signed-in user of your site. `hash` is the hex HMAC-SHA256 of `id` with the backend's
 * IDENTITY_SECRET, computed on YOUR server: never put the secret in the browser.
 */
export interface IdentifiedUser extends Contact {
  id: string
  hash: string
}

/** The media fields of the service's messages (spec 2.4). */
interface MediaFields {
  id?: string
  thumb?: string
  emoji?: string
  duration?: number
  width?: number
  height?: number
  text?: string
  performer?: string
  title?: string
  [field: string]: unknown
}

/** What a conversation entry shows: a text, a file medium or a location. */
export type EntryContent =
  | { type: 'text'; id?: string; text: string; [field: string]: unknown }
  | (MediaFields & {
      type: 'video' | 'audio' | 'voice' | 'photo' | 'sticker' | 'document'
      file: string
      file_name: string
      file_size: number
    })
  | (MediaFields & {
      type: 'location'
      file?: string
      file_name?: string
      file_size?: number
      latitude: number
      longitude: number
    })

/** One message of the conversation (the `message` and `sent` events). */
export interface ConversationEntry {
  id: string
  /** The widget's id of the visitor's own messages. */
  clientId?: string
  author: 'visitor' | 'agent' | 'bot' | 'system'
  /** The agent's (or bot's) name and avatar, when known. */
  name?: string
  photo?: string
  content: EntryContent
  /** Milliseconds since the epoch. */
  at: number
  /** Set on the system entry that ends a conversation. */
  ended?: 'closed' | 'idle'
}

/** The events of `on` / `off` and their payloads. */
export interface PortholeEvents {
  /** The API is live. */
  ready: undefined
  open: undefined
  close: undefined
  /** A message from an agent, the bot or the system arrived. */
  message: ConversationEntry
  /** One of the visitor's messages was accepted by the backend. */
  sent: ConversationEntry
  status: { online: boolean }
  unread: { count: number }
  /** `rejected`, `delivery_failed`, `invalid_identity`, `load_failed`… */
  error: { code: string; message: string }
  /** An agent's first message in this conversation. */
  agentJoined: { name?: string }
  conversationEnded: { reason: 'closed' | 'idle' }
}
export type PortholeEventName = keyof PortholeEvents
export type PortholeListener<K extends PortholeEventName> = (payload: PortholeEvents[K]) => void

/** window.Porthole once widget.js is up: every method of the JavaScript API. */
export interface PortholeApi {
  open(): void
  close(): void
  toggle(): void
  setContact(contact: Contact): Promise<void>
  identify(user: IdentifiedUser): Promise<void>
  showInvite(text: string): Promise<void>
  sendMessage(text: string): Promise<void>
  /** 0 until the widget has loaded and knows. */
  getUnreadCount(): number
  clearHistory(): Promise<void>
  on<K extends PortholeEventName>(name: K, listener: PortholeListener<K>): void
  off<K extends PortholeEventName>(name: K, listener: PortholeListener<K>): void
  /** Hides the launcher (a site with its own button); open() still opens the chat. */
  hide(): void
  show(): void
  /** Custom visitor data: name, email and phone update the profile; the rest go with the page address. */
  setAttributes(attributes: Record<string, unknown>): Promise<void>
  /** The widget's own texts in `lang`: the widget mounts again in it. */
  setLanguage(lang: string): Promise<void>
  setColor(hex: string): Promise<void>
  /** Ends the session on this device: revoked, the widget and its storage removed. */
  shutdown(): Promise<void>
  /** Brings the widget back after shutdown() or destroy(). */
  boot(): Promise<void>
  /** Removes the widget from the page (its storage stays); boot() brings it back. */
  destroy(): void
  /**
   * The site's articles that answer `query`, best first, in the widget's language (no
   * session needed, nothing stored). Rejects with an Error when the backend cannot be
   * reached or refuses (too many searches: 429).
   */
  searchArticles(query: string): Promise<ArticleSearchAnswer>
  /** Opens the chat window on an article (its id, a slug). */
  openArticle(id: string): Promise<void>
  /**
   * Everything the backend keeps about this visitor (`GET /api/visitor/export`'s JSON:
   * messages, files, contact details, ratings, e-mails, consents). Rejects with an Error
   * whose `code` is `no_conversation` when this browser has none yet.
   */
  exportData(): Promise<VisitorExport>
  /**
   * Erases the visitor everywhere Porthole keeps anything and in this browser, then the
   * widget starts again as a new visitor; resolves with the receipt. Rejects (nothing
   * erased in the browser) when the backend cannot be reached or refuses.
   */
  eraseData(): Promise<ErasureReceipt>
}

/**
 * What `exportData` resolves with: `GET /api/visitor/export`'s JSON as the backend wrote it
 * (`exportedAt`, `visitor`, `messages: [{ id, from, text, at, files }]`, `ratings`,
 * `emails`, `consents: [{ version, at }]`, …; docs/integrators/http-api.md).
 */
export type VisitorExport = Record<string, unknown>

/** What `eraseData` resolves with: how many of each kind were erased, and when (ISO 8601). */
export interface ErasureReceipt {
  erased: Record<string, number>
  at: string
}

/** One article found by `searchArticles`. */
export interface ArticleResult {
  id: string
  title: string
  /** The passage of the article that best answers the query (plain text). */
  snippet: string
  /** The article's page. */
  url: string
}

/** What `searchArticles` answers. */
export interface ArticleSearchAnswer {
  results: ArticleResult[]
  /** Whether the first result answers the question. */
  confident: boolean
}
export type PortholeMethod = keyof PortholeApi

/** A call queued before widget.js has run: `Porthole.q.push(['open'])`. */
export type PortholeCall = {
  [K in PortholeMethod]: [K, ...Parameters<PortholeApi[K]>]
}[PortholeMethod]

/** window.Porthole before widget.js has run: a queue. After, the API and a queue that runs at once. */
export type PortholeNamespace = Partial<PortholeApi> & {
  q?: PortholeCall[] | { push(...calls: PortholeCall[]): number }
}

/** The embed tag's data-attributes (docs/site-owners/embedding.md), as options. */
export interface PortholeLookOptions {
  /** The chat window's title (data-title). */
  title?: string
  /** Accent colour, a hex colour (data-color). */
  color?: string
  /** `bottom-right` (default) or `bottom-left` (data-position). */
  position?: 'bottom-right' | 'bottom-left'
  /** One of the widget's languages, e.g. `ru` or `pt-BR` (data-lang). */
  lang?: string
  /** The invitation bubble's text (data-invite-text). */
  inviteText?: string
  /** Seconds before the invitation shows (data-invite-delay). */
  inviteDelay?: number
}

export interface PortholeOptions extends PortholeLookOptions {
  /** Your Porthole backend, e.g. `https://chat.example.com` (or its widget.js address). */
  url: string
  /** A signed-in user, with the hash your server computed; identify() runs first. */
  user?: IdentifiedUser
  /**
   * `false`: add nothing to the page until `grantConsent()` (a consent banner's answer).
   * Calls made meanwhile wait. Default `true`.
   */
  consent?: boolean
}

declare global {
  interface Window {
    Porthole?: PortholeNamespace
  }
}
