import { render } from 'preact'
import { chatStrings } from '../../i18n/chat-strings'
import { keepTranslation } from '../../i18n/translations'
import type { ChatApi, WidgetContext } from '../../loader/context'
import { ChatApp } from '../components/ChatApp'
import { IntroLog } from '../components/conversation-log'
import { onDemand } from '../engine/on-demand'
import { ownStorage } from '../engine/own-storage'
import { adoptStyles } from './adopt-styles'
import { CHAT_CSS } from './chat-styles'
import { createChatController } from './controller'

/**
 * The chat chunk's entry, loaded when the customer engages: renders the window into
 * the widget's shadow root and starts the conversation.
 */
export async function startChat(widget: WidgetContext): Promise<ChatApi> {
  const context = ownStorage(widget)
  // One helper adopts the chat's styles and its lazy parts' (media, emoji) as they load.
  adoptStyles(context.root, CHAT_CSS)
  // Only the visitor's language, the file the loader fetched before engagement (loader/start.ts).
  keepTranslation(context.settings.lang, widget.words)
  const controller = createChatController(context, chatStrings(context.settings.lang))
  const container = document.createElement('div')
  container.className = 'ph-window-slot'
  context.frame.prepend(container)
  render(<ChatApp controller={controller} context={context} />, container)
  // The first frame's log, in a chunk of its own, fetched now beside the window (the home
  // screen draws none): a message written once the connection has dropped still shows.
  IntroLog.preload().catch(() => {})
  // A site that requires consent: the consent step's chunk first, and nothing stored or
  // sent until the visitor agrees (widget/chat/privacy/consent.tsx).
  if (context.settings.consent)
    await import('../privacy/consent').then((module) => module.askConsent(widget, controller))
  // An e-mail's resume link (#porthole-resume=<token>): out of the address bar at once,
  // then exchanged (its own chunk) before the conversation starts.
  const resume = /#porthole-resume=([\w.-]+)/.exec(location.href)?.[1]
  if (resume) {
    history.replaceState(history.state, '', location.href.split('#')[0])
    await import('../engine/resume').then(
      (module) => module.resume(context, controller, resume),
      () => {},
    )
  }
  await controller.init()
  // The page's calls check their arguments and run in a chunk of their own (page-api.ts).
  const pageApi = onDemand(() => import('../engine/page-api'))
  return {
    sendMessage: (text) => pageApi().then((api) => api.sendMessage(controller, text)),
    setContact: (contact) => pageApi().then((api) => api.setContact(controller, contact)),
    identify: (user) => pageApi().then((api) => api.identify(controller, user)),
    clearHistory: () => pageApi().then((api) => api.clearHistory(controller)),
    openArticle: (id) => controller.state.set({ help: { article: { id } } }),
    destroy() {
      controller.destroy()
      render(null, container)
      container.remove()
    },
  }
}
