import type { ChatApi, WidgetContext } from '../loader/context'
import type { PortholeApi } from '../loader/js-api'
import { applyLook, type EmbedData } from '../loader/settings'
import { type MountOptions, mount, type Widget } from '../loader/start'
import { CONFIG_RULES } from '../protocol/public-config'
import { setAttributes as applyAttributes } from './attributes'
import { shutdown as endSession } from './shutdown'

// The JS API calls a page makes rarely, loaded on their first use so the loader does not
// carry them (the loader forwards them here with its internals).

/** What the loader hands these calls: one mounted widget's parts. */
export interface Internals {
  options: MountOptions
  /** The tag's data-attributes as this widget applied them. */
  data: EmbedData
  /** The object mount() returned: updated in place when the widget mounts again. */
  self: Widget
  host: HTMLElement
  context: WidgetContext
  unmount: () => void
  withChat: <T>(call: (chat: ChatApi) => Promise<T>) => Promise<T>
  api?: PortholeApi
}

/** Mounts again in place of this widget (removed first), keeping the page's listeners. */
async function remount(inner: Internals, data: EmbedData): Promise<void> {
  inner.unmount()
  const { options, self } = inner
  const { emitter, ui } = inner.context
  const hidden = ui.get().hidden
  Object.assign(self, await mount({ ...options, data, emitter, hidden, widget: self }))
}

export const extras = {
  async setColor(inner: Internals, color: unknown): Promise<void> {
    if (typeof color !== 'string' || !CONFIG_RULES.color(color))
      throw new TypeError(`Porthole.setColor expects a hex colour like #1f6feb, not ${color}`)
    const { data, context } = inner
    data.color = context.settings.color = color
    applyLook(context.frame, context.settings)
  },

  /** The widget's own texts in another language: it mounts again, open if it was. */
  async setLanguage(inner: Internals, lang: unknown): Promise<void> {
    if (typeof lang !== 'string' || !/^(en|ru)\b/i.test(lang))
      throw new TypeError(`Porthole.setLanguage expects "en" or "ru", not ${lang}`)
    // The attributes (Porthole.setAttributes) stay with the page.
    const { url } = inner.context
    await remount(inner, { ...inner.data, lang })
    inner.self.context.url = url
  },

  setAttributes: (inner: Internals, attributes: unknown): Promise<void> =>
    applyAttributes(attributes, inner.context, inner.withChat),

  shutdown: (inner: Internals): Promise<void> => endSession(inner.context, inner.unmount),

  /** After shutdown() or destroy(): mounts the widget again (a new visitor after shutdown). */
  async boot(inner: Internals): Promise<void> {
    if (inner.self.api === inner.api && !inner.host.isConnected) await remount(inner, inner.data)
  },
}
export type Extras = typeof extras
