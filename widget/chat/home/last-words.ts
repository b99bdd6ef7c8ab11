import type { ConversationEntry } from '../../../shared/widget-api'

/**
 * The last words of the conversation that ended, for its card on the home screen: the
 * newest text of a person or the bot (not the ended mark), with who wrote it.
 */
export function lastWords(
  entries: readonly ConversationEntry[],
): Pick<ConversationEntry, 'author' | 'name' | 'photo' | 'at'> & { text: string } {
  const entry = entries.findLast((item) => item.author !== 'system' && item.content.type === 'text')
  return entry?.content.type === 'text'
    ? {
        author: entry.author,
        name: entry.name,
        photo: entry.photo,
        at: entry.at,
        text: entry.content.text,
      }
    : { author: 'system', at: entries.at(-1)?.at ?? 0, text: '' }
}
