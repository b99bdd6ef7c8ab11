import type { ChatStrings, ListKey, WindowStrings } from '../../i18n/chat-strings'
import { EN } from '../../i18n/english'

/** The English only the conversation's list shows, in its chunk (the engine's), not the first open's. */
const EN_LIST_STRINGS: Pick<ChatStrings, ListKey> = {
  delayed: EN.chat.delayed,
  sendNow: EN.chat.sendNow,
  sent: EN.chat.sent,
  failed: EN.chat.failed,
  retry: EN.chat.retry,
  loadEarlier: EN.chat.loadEarlier,
  earlierFailed: EN.chat.earlierFailed,
  typing: EN.chat.typing,
  download: EN.chat.download,
  openMap: EN.chat.openMap,
  location: EN.chat.location,
  ended: EN.chat.ended,
}

/** The window's strings with the list's: English's from here, another language's its own. */
export const listStrings = (strings: WindowStrings): ChatStrings => ({
  ...EN_LIST_STRINGS,
  ...strings,
})
