import { DEFAULT_UPLOADS } from '../../../shared/upload-types'
import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'
import { styleSheet } from '../../loader/loader-styles'
import { isApiError } from '../../protocol/api-error'
import { upload } from '../../protocol/upload'
import { parsePublicUploads } from '../../protocol/upload-bodies'
import { MediaContent } from '../components/MessageItem'
import type { ChatController } from '../window/controller'
import { EN_ATTACH_STRINGS } from './attach-strings'
import { ATTACH_CSS } from './attach-styles'
import { acceptOf } from './file-kinds'
import { mediaOf } from './media-of'
import { TrayView } from './TrayView'
import { createTray } from './tray-model'

const created = new WeakMap<ChatController, Attachments>()

/**
 * The attachments of a chat (one per controller, so it outlives the window being closed
 * and reopened): created at the first attach, drop or paste.
 */
export function attachments(
  context: WidgetContext,
  controller: ChatController,
  onSendable: (sendable: boolean) => void,
): Attachments {
  let existing = created.get(controller)
  if (!existing) {
    existing = createAttachments(context, controller, onSendable)
    created.set(controller, existing)
  }
  return existing
}

/**
 * The attachments chunk, loaded at the first attach, drop or paste: the tray of files
 * about to be sent, their uploads (POST /api/uploads, with progress) and the messages
 * they become (through the outbox, like text).
 */
export function createAttachments(
  context: WidgetContext,
  controller: ChatController,
  onSendable: (sendable: boolean) => void,
  XHR?: typeof XMLHttpRequest,
) {
  const { base, settings } = context
  const { lang } = settings
  const strings = translated(lang)?.attach ?? EN_ATTACH_STRINGS
  // The loader keeps the config's `uploads` checked for its shape only; absent: the defaults.
  const limits = parsePublicUploads(settings.uploads) ?? DEFAULT_UPLOADS
  context.root.adoptedStyleSheets = [...context.root.adoptedStyleSheets, styleSheet(ATTACH_CSS)]
  // The files become media messages: their renderer is ready before the first one shows,
  // so it renders at once and the list, following the conversation, keeps it in view.
  MediaContent.preload().catch(() => {})
  const tray = createTray({
    limits,
    strings,
    lang,
    async upload(item, onProgress, signal) {
      // The upload needs the visitor's session: the conversation's engine starts first.
      const engine = await controller.engine()
      for (let renewed = false; ; renewed = true) {
        const { token } = await engine.session.ensure()
        try {
          const answer = await upload({
            url: `${base}api/uploads?name=${encodeURIComponent(item.as.name)}`,
            token,
            body: item.file,
            type: item.as.type,
            onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
            signal,
            XHR,
          })
          return answer.file
        } catch (error) {
          // A refused token: a new session, then once more.
          if (renewed || !isApiError(error) || error.status !== 401) throw error
          await engine.renewSession()
        }
      }
    },
    queue: (file) => controller.sendFile(file.id, mediaOf(file)),
    preview: (file) => URL.createObjectURL(file),
    revoke: (url) => URL.revokeObjectURL(url),
    onSendable,
  })
  return {
    ...tray,
    /** The file input's `accept` for the site's types. */
    accept: acceptOf(limits.types),
    Tray: () => <TrayView tray={tray} strings={strings} lang={lang} />,
  }
}
export type Attachments = ReturnType<typeof createAttachments>
