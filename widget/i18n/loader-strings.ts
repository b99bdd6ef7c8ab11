import { EN } from './english'
import type { Translation } from './translation'

/** The launcher's words; `dismiss`, the invitation bubble's close button, is in the invitation's chunk. */
export type LoaderStrings = Omit<Translation['loader'], 'dismiss'> & { dismiss?: string }

/** English (languages/en.json), in the loader; another language's come with its file. */
export const EN_LOADER_STRINGS: LoaderStrings = {
  openChat: EN.loader.openChat,
  closeChat: EN.loader.closeChat,
  online: EN.loader.online,
  offline: EN.loader.offline,
  unread: EN.loader.unread,
}
