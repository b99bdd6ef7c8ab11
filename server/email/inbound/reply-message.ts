import { cutText, MAX_MESSAGE_LENGTH } from '../../../shared/text'

/** What the agents read when the visitor's words were longer than the cap. */
export const CUT_NOTE = `(cut: the e-mail’s text was longer than ${MAX_MESSAGE_LENGTH.toLocaleString('en')} characters; the rest was not taken)`

/**
 * The text of an e-mail reply as the agents get it: the visitor's words, then one
 * line per note (`(Attachment …)`, made by storeReplyAttachments), at most MAX_MESSAGE_LENGTH characters in all (the
 * widget's cap on one message). Notes are kept whole; words beyond the room left are
 * cut, with CUT_NOTE in their place.
 *
 * @example replyMessage('Thanks', ['(Attachment "a.exe": not delivered (…))']) // 'Thanks\n\n(Attachment "a.exe": …)'
 */
export function replyMessage(words: string, notes: readonly string[]): string {
  const noteChars = notes.reduce((sum, line) => sum + line.length + 2, 0)
  let text = words
  if (text.length + noteChars > MAX_MESSAGE_LENGTH) {
    const room = Math.max(0, MAX_MESSAGE_LENGTH - noteChars - CUT_NOTE.length - 2)
    text = `${cutText(text, room).trimEnd()}\n\n${CUT_NOTE}`
  }
  return [text, ...notes].filter((part) => part !== '').join('\n\n')
}
