import { addressesIn, type MailHeaders } from './mail-loop'

// Envelope recipients (added by the receiving server) come first: To may name
// several conversations' addresses, or only a list.
const RECIPIENT_HEADERS = [
  'delivered-to',
  'x-original-to',
  'envelope-to',
  'x-envelope-to',
  'x-forwarded-to',
  'to',
  'cc',
]

/** The most recipients tried as reply addresses (a reply has one; a long Cc list adds none). */
export const MAX_RECIPIENTS = 100

/**
 * Who was asked to deliver the message to us, in the order to try: the envelope
 * recipient headers the receiving server adds, then To and Cc; each address once,
 * at most MAX_RECIPIENTS of them.
 *
 * @example recipientsOf(readHeaders(raw)) // ['reply+…@reply.example.com', 'anna@example.com']
 */
export function recipientsOf(headers: MailHeaders): string[] {
  const recipients = new Set<string>()
  for (const name of RECIPIENT_HEADERS) {
    for (const value of headers.get(name) ?? []) {
      for (const address of addressesIn(value)) {
        recipients.add(address)
        if (recipients.size >= MAX_RECIPIENTS) return [...recipients]
      }
    }
  }
  return [...recipients]
}
