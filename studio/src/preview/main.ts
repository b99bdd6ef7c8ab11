import type { EventSourceClass } from '../../../widget/loader/context'
import { mount, type Widget } from '../../../widget/loader/start'
import { createMemoryStore } from '../../../widget/storage/memory-store'
import { keepTheme } from './force-theme'
import { type FromPreview, type PreviewState, readToPreview } from './messages'
import { PreviewEventSource, previewFetch } from './preview-backend'
import './preview.css'

// The preview page (/admin/preview), framed by the studio: the real widget mounted with
// the studio's unsaved settings, passed in by postMessage (never fetched), and a
// fake widget API in the page (preview-backend.ts). The studio's bundle carries the
// widget's modules, so the public widget.js is unchanged by the preview.

const BASE = `${location.origin}/admin/preview-widget/`
let state: PreviewState | undefined
let widget: Widget | undefined
let stopTheme: (() => void) | undefined
let renders = 0
let queue = Promise.resolve()

const tell = (message: FromPreview) => parent.postMessage(message, location.origin)

/** The settings' theme when it is light or dark; else (auto) the preview's light/dark switch. */
const themeOf = (preview: PreviewState | undefined): 'light' | 'dark' => {
  const theme = preview?.config.theme
  return theme === 'light' || theme === 'dark' ? theme : (preview?.theme ?? 'light')
}

async function render(next: PreviewState): Promise<void> {
  const previous = state
  state = next
  const sameWidget =
    previous &&
    widget &&
    JSON.stringify(previous.config) === JSON.stringify(next.config) &&
    previous.lang === next.lang &&
    previous.online === next.online
  if (!sameWidget) {
    const wasOpen = widget?.context.ui.get().open === true
    stopTheme?.()
    widget?.unmount()
    widget = undefined
    const storage = createMemoryStore()
    if (wasOpen) await storage.set('open', true)
    widget = await mount({
      base: BASE,
      config: next.config,
      container: document.body,
      fetch: previewFetch(() => ({ online: state?.online ?? true, config: state?.config })),
      // Structurally an EventSource for what the widget uses (open, close, listeners).
      EventSource: PreviewEventSource as unknown as EventSourceClass,
      storage,
      loadChat: () => import('../../../widget/chat/window/start-chat'),
      loadLanguage: (lang) => import(`../../../widget/i18n/languages/${lang}.json`),
      loadInvite: () => import('../../../widget/loader/invite'),
    })
    stopTheme = keepTheme(widget.context.root, () => themeOf(state))
  } else {
    stopTheme?.()
    if (widget) stopTheme = keepTheme(widget.context.root, () => themeOf(state))
  }
  const ui = widget?.context.ui
  // "Show invitation now" just pressed (or its text edited) while the chat is open: a
  // visitor sees an invitation beside the closed chat, so the preview closes it to show it.
  if (next.invite && ui?.get().open && next.invite !== previous?.invite) widget?.api.close()
  if (next.invite && !ui?.get().open) widget?.api.showInvite(next.invite)
  else if (!next.invite && ui?.get().invite !== undefined) ui.set({ invite: undefined })
  renders += 1
  tell({ type: 'porthole-preview:rendered', count: renders })
}

window.addEventListener('message', (event) => {
  if (event.origin !== location.origin || event.source !== parent) return
  const message = readToPreview(event.data)
  if (!message) return
  // One render at a time, in order: a fast typist's changes land as the last one.
  queue = queue
    .then(() => render(message.state))
    .catch((error: unknown) =>
      tell({
        type: 'porthole-preview:error',
        message: error instanceof Error ? error.message : String(error),
      }),
    )
})
tell({ type: 'porthole-preview:ready' })
