// Which built chunks a visitor with the chat's common features loads: the one list the
// size test (tests/widget/size-budget.test.ts) and the bench's size row both count.

/** Chunks (by name, without the hash) a conversation with the common features loads. */
export const COMMON_CHUNKS = [
  'loader',
  'chat',
  'engine',
  'intro-log',
  'MediaContent',
  'LinkedText',
  'OfflineForm',
  'contact-rules',
  'attention',
]

/**
 * A built chunk's name without its hash: `assets/chat-AbCd1234.js` → `chat`; the language
 * files beside the chat (`assets/chat-AbCd1234.jsru.js`) → `chat.ru`.
 */
export function chunkName(file: string): string {
  const strings = file.match(/^assets\/(\w+)-[\w-]{8}\.js([a-z]{2})\.js$/)
  if (strings) return `${strings[1]}.${strings[2]}`
  const name = file.match(/^assets\/(.+)-[\w-]{8}\.js$/)?.[1]
  if (!name) throw new Error(`${file} is not named <chunk>-<hash>.js`)
  return name
}
