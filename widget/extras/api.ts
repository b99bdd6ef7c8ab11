import { LANGS } from '../i18n/language'
import type { LaterCall } from '../loader/js-api'
import { applyLook, type EmbedData } from '../loader/settings'
import { mount, type Parts } from '../loader/start'
import { CONFIG_RULES } from '../protocol/public-config'
import { setAttributes as applyAttributes } from './attributes'
import { shutdown as endSession } from './shutdown'

// The JS API calls a page makes rarely, loaded on their first use so the loader does not
// carry them (the loader forwards them here with its internals).

/** Mounts again in place of this widget (removed first), keeping the page's listeners. */
async function remount([context, options, , self, unmount]: Parts, data: EmbedData) {
  unmount()
  const { emitter, ui } = context
  const { hidden } = ui.get()
  await mount({ ...options, data, emitter, widget: self })
  // A launcher hidden by Porthole.hide() stays hidden.
  self.context.ui.set({ hidden })
}

/** Every call the loader forwards (LATER) has its body here. */
export const extras = {
  async setColor([context, , data]: Parts, color: unknown): Promise<void> {
    if (typeof color !== 'string' || !CONFIG_RULES.color(color))
      throw new TypeError(`Porthole.setColor expects a hex colour like #1f6feb, not ${color}`)
    data.color = context.settings.color = color
    applyLook(context.frame, context.settings)
  },

  /** The widget's own texts in another language: it mounts again, open if it was. */
  async setLanguage(parts: Parts, lang: unknown): Promise<void> {
    // Any tag of one of the widget's languages (pt-BR is Portuguese), as data-lang takes.
    if (typeof lang !== 'string' || !LANGS.includes(lang.toLowerCase().split('-')[0] ?? ''))
      throw new TypeError(
        `Porthole.setLanguage expects one of the widget's languages (${LANGS.join(', ')}), not ${lang}`,
      )
    const [context, , data, self] = parts
    // The attributes (Porthole.setAttributes) stay with the page.
    const { url } = context
    await remount(parts, { ...data, lang })
    self.context.url = url
  },

  setAttributes: ([context, , , , , withChat]: Parts, attributes: unknown): Promise<void> =>
    applyAttributes(attributes, context, withChat),

  shutdown: ([context, , , , unmount]: Parts): Promise<void> => endSession(context, unmount),

  /** The site's articles (GET /api/help/search), no session needed: its own chunk. */
  searchArticles: ([{ base, fetch, settings }]: Parts, query: unknown): Promise<unknown> =>
    import('../help/page-search').then((module) =>
      module.searchArticles({ base, fetch, lang: settings.lang }, query),
    ),

  /** Opens the chat window on an article (the Help view's reader). */
  async openArticle([context, , , , , withChat]: Parts, id: unknown): Promise<void> {
    if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(id))
      throw new TypeError(`Porthole.openArticle expects an article's id (a slug), not ${id}`)
    context.setOpen(true)
    await withChat(async (chat) => chat.openArticle(id))
  },

  /** GET /api/visitor/export's JSON (the visitor-data chunk, shared with the window's menu). */
  exportData: ([context]: Parts): Promise<unknown> =>
    import('../chat/privacy/visitor-data').then((module) => module.exportVisitorData(context)),

  /**
   * Erases the visitor (DELETE /api/visitor) and forgets them in this browser, then mounts
   * the widget again for a new visitor; resolves with the backend's receipt.
   */
  async eraseData(parts: Parts): Promise<unknown> {
    const [context, , data] = parts
    const { eraseVisitorData } = await import('../chat/privacy/visitor-data')
    const receipt = await eraseVisitorData(context)
    await remount(parts, data)
    return receipt
  },

  /** After shutdown() or destroy(): mounts the widget again (a new visitor after shutdown). */
  async boot(parts: Parts): Promise<void> {
    const [context, , data, self] = parts
    // Only the widget mounted last, and only once it is gone.
    if (self.context === context && !context.root.host.isConnected) await remount(parts, data)
  },
} satisfies Record<LaterCall, unknown>
export type Extras = typeof extras

/** Runs one of the calls for the loader, which forwards the page's arguments as they are. */
export function run(name: keyof Extras, parts: Parts, args: unknown[]): Promise<unknown> {
  return (extras[name] as (parts: Parts, ...args: unknown[]) => Promise<unknown>)(parts, ...args)
}
