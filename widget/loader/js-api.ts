import type { ArticleSearchAnswer } from '../../shared/help/article-tree'
import type { Contact, IdentifiedUser } from '../../shared/widget-api'
import type { ErasureReceipt } from '../protocol/visitor-bodies'
import type { Listener, WidgetEventName } from '../state/emitter'

/** window.Porthole: the one global the widget owns. */
export interface PortholeApi {
  open(): void
  close(): void
  toggle(): void
  setContact(contact: Contact): Promise<void>
  identify(user: IdentifiedUser): Promise<void>
  showInvite(text: string): Promise<void>
  sendMessage(text: string): Promise<void>
  getUnreadCount(): number
  clearHistory(): Promise<void>
  on<K extends WidgetEventName>(name: K, listener: Listener<K>): void
  off<K extends WidgetEventName>(name: K, listener: Listener<K>): void
  /** Hides the launcher (a site with its own button); open() still opens the chat. */
  hide(): void
  show(): void
  /** Custom visitor data: name, email and phone update the profile; the rest go with sender.url. */
  setAttributes(attributes: Record<string, unknown>): Promise<void>
  /** The widget's own texts in `lang` (any of its languages): the widget mounts again in it. */
  setLanguage(lang: string): Promise<void>
  setColor(hex: string): Promise<void>
  /** Ends the session on this device: revoked, the widget and its storage removed. */
  shutdown(): Promise<void>
  /** Brings the widget back after shutdown() or destroy(). */
  boot(): Promise<void>
  /** Removes the widget from the page (its storage stays); boot() brings it back. */
  destroy(): void
  /** The site's articles for a question (no session needed). */
  searchArticles(query: string): Promise<ArticleSearchAnswer>
  /** Opens the chat window on an article. */
  openArticle(id: string): Promise<void>
  /** Everything the backend keeps about this visitor (GET /api/visitor/export's JSON). */
  exportData(): Promise<Record<string, unknown>>
  /** Erases the visitor everywhere and in this browser; the widget starts again as a new visitor. */
  eraseData(): Promise<ErasureReceipt>
}

/** The methods the chat chunk serves (ChatApi's, loading the chat first). */
export const CHAT_CALLS = ['setContact', 'identify', 'sendMessage', 'clearHistory'] as const

/** The methods whose bodies load on first use (widget/extras/api.ts). */
export type LaterCall =
  | 'setColor'
  | 'setLanguage'
  | 'setAttributes'
  | 'shutdown'
  | 'boot'
  | 'searchArticles'
  | 'openArticle'
  | 'exportData'
  | 'eraseData'
/** LaterCall's names: one string costs the loader the fewest bytes. */
export const LATER =
  'setColor setLanguage setAttributes shutdown boot searchArticles openArticle exportData eraseData'.split(
    ' ',
  ) as LaterCall[]

export type Namespace = Record<string, unknown> & { q?: unknown }

function run(api: PortholeApi, call: unknown): void {
  if (!Array.isArray(call) || typeof call[0] !== 'string' || !Object.hasOwn(api, call[0])) {
    console.error('Porthole: unknown call:', call)
    return
  }
  const [name, ...args] = call as [keyof PortholeApi, ...unknown[]]
  // Runs now; a throw or a rejection (nobody awaits a queued call) is reported.
  new Promise((resolve) => resolve((api[name] as (...args: unknown[]) => unknown)(...args))).catch(
    (error: unknown) => console.error(`Porthole.${name} failed:`, error),
  )
}

/**
 * Puts the API on the namespace object (window.Porthole), then runs the calls queued in
 * `q` before the script loaded, in order. Later `Porthole.q.push([...])` calls run at once.
 */
export function installApi(namespace: Namespace, api: PortholeApi): void {
  const queued = Array.isArray(namespace.q) ? (namespace.q as unknown[]) : []
  Object.assign(namespace, api)
  namespace.q = {
    push: (...calls: unknown[]) => {
      for (const call of calls) run(api, call)
      return 0
    },
  }
  for (const call of queued) run(api, call)
}
