import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'
import { emptyConversation } from '../model/empty-conversation'
import { adoptStyles } from '../window/adopt-styles'
import type { ChatController } from '../window/controller'
import { EN_PRIVACY_STRINGS, PRIVACY_CSS } from './consent'
import { conversationFiles, download } from './conversation-file'
import { VisitorMenu } from './VisitorMenu'
import { eraseVisitorData, exportVisitorData } from './visitor-data'

// The menu's chunk, fetched at the first press of the header's menu button: its code,
// strings and styles are not in the chat's first open.

/**
 * Shows the menu in place of the conversation, or the conversation again. Once the
 * visitor's data is erased the window keeps saying so: the conversation it showed is
 * gone, the engine stopped, and nothing is stored again on this page.
 */
export function toggleMenu(context: WidgetContext, controller: ChatController): void {
  if (controller.state.get().gate) {
    controller.state.set({ gate: undefined })
    return
  }
  // The widget's own context behind the chat's (chat/own-storage.ts makes the chat's from
  // it): its store takes the writes that forget the visitor once the chat's stores nothing.
  const widget: WidgetContext = Object.getPrototypeOf(context)
  const { settings } = widget
  const strings = translated(settings.lang)?.privacy ?? EN_PRIVACY_STRINGS
  adoptStyles(widget.frame, PRIVACY_CSS)
  controller.state.set({
    gate: (
      <VisitorMenu
        strings={strings}
        onBack={() => controller.state.set({ gate: undefined })}
        sound={
          settings.sound
            ? {
                mute: controller.mute,
                setMuted: controller.setMuted,
                label: controller.strings.mute,
              }
            : undefined
        }
        onDownload={async () => {
          const exported = await exportVisitorData(widget)
          download(
            conversationFiles(exported, strings, {
              lang: settings.lang,
              title: settings.title,
              now: new Date(),
            }),
          )
        }}
        onErase={async () => {
          await eraseVisitorData(widget)
          controller.destroy()
          // Nothing of the erased conversation stays on the screen either.
          controller.state.set({ conversation: emptyConversation(true) })
        }}
      />
    ),
  })
}
