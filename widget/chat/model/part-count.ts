import { MAX_TEXT_LENGTH } from '../../../shared/text'

/**
 * How many messages the backend makes of a long text: its rule (splitText of
 * shared/text.ts) cuts parts of at most `max` characters after their last whitespace.
 * Only counted here, for the composer: the text itself goes out whole.
 */
export function countParts(text: string, max = MAX_TEXT_LENGTH): number {
  let parts = 1
  for (let rest = text; rest.length > max; parts++) {
    const space = rest.slice(0, max).search(/\s\S*$/)
    rest = rest.slice(space < 0 ? max : space + 1)
  }
  return parts
}
