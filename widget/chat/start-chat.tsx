import { render } from 'preact'
import type { ChatApi, WidgetContext } from '../loader/context'
import { parseContact } from '../protocol/api-bodies'
import { invalidContactField } from '../protocol/contact-rules'
import { adoptStyles } from './adopt-styles'
import { CHAT_CSS } from './chat-styles'
import { ChatApp } from './components/ChatApp'
import { MAX_MESSAGE_LENGTH } from './components/Composer'
import { createChatController } from './controller'

/**
 * The chat chunk's entry, loaded when the customer engages: renders the window into
 * the widget's shadow root and starts the conversation.
 */
export async function startChat(context: WidgetContext): Promise<ChatApi> {
  // One helper adopts the chat's styles and its lazy parts' (media, emoji) as they load.
  adoptStyles(context.root, CHAT_CSS)
  const controller = createChatController(context)
  const container = document.createElement('div')
  container.className = 'ph-window-slot'
  context.frame.prepend(container)
  render(<ChatApp controller={controller} context={context} />, container)
  await controller.init()
  return {
    async sendMessage(text) {
      if (typeof text !== 'string' || !text.trim() || text.length > MAX_MESSAGE_LENGTH) {
        throw new TypeError(
          `Porthole.sendMessage expects a non-empty text of at most ${MAX_MESSAGE_LENGTH} characters`,
        )
      }
      controller.send(text)
    },
    async setContact(contact) {
      const parsed = parseContact(contact)
      if (!parsed) {
        throw new TypeError(
          'Porthole.setContact expects {name?, email?, phone?} with string values',
        )
      }
      const invalid = invalidContactField(parsed)
      if (invalid) {
        const rule =
          invalid === 'email' ? 'an e-mail address' : 'a phone number (digits, +, -, (, ))'
        throw new TypeError(
          `Porthole.setContact: ${invalid} must be ${rule}, not ${parsed[invalid]}`,
        )
      }
      await controller.setContact(parsed)
    },
    identify: (user) => controller.identify(user),
    clearHistory: () => controller.clearHistory(),
    destroy() {
      controller.destroy()
      render(null, container)
      container.remove()
    },
  }
}
