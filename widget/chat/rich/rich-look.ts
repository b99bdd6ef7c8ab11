import type { RichMessage } from '../../../shared/rich-message'
import { isNonEmptyString, isRecord } from '../../protocol/read'

// Mirrors RichMessage of shared/rich-message.ts. The entry's parser (conversation-entry.ts)
// keeps `rich` when it is an object; it is checked here, in its own chunk, so the first
// open carries none of it.

/** At most this many quick replies (spec section 8). */
const MAX_BUTTONS = 3

/** The entry's `rich` when it matches the schema; anything else shows as the plain text. */
export function parseRich(value: unknown): RichMessage | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.text)) return undefined
  if (value.type === 'markdown') return { type: 'markdown', text: value.text }
  const buttons = value.buttons
  if (
    value.type !== 'buttons' ||
    !Array.isArray(buttons) ||
    buttons.length < 1 ||
    buttons.length > MAX_BUTTONS ||
    !buttons.every((button) => isRecord(button) && isNonEmptyString(button.text))
  )
    return undefined
  return {
    type: 'buttons',
    text: value.text,
    buttons: buttons.map((button) => ({ text: String(button.text) })),
  }
}
