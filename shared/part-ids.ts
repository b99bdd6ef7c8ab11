// A long text travels as several messages (parts). Each part's conversation entry
// carries a client id derived from the message's: the message's own id for one part,
// `<id>-<n>` (n from 1) for several. The backend builds them, the widget reads them
// back to find a part's message; this file is the one place that knows the format.

/**
 * Entry client ids of a message's parts: the widget's id for one part, `<id>-<n>`
 * (n from 1) for several; the widget matches them by that prefix. Idempotency
 * never relies on them (it is keyed by the message id and the part index).
 *
 * @example partClientIds('a1b2c3d4', 2) // ['a1b2c3d4-1', 'a1b2c3d4-2']
 */
export function partClientIds(clientId: string, count: number): string[] {
  if (count === 1) return [clientId]
  return Array.from({ length: count }, (_, i) => `${clientId}-${i + 1}`)
}

/** The client id a message was sent with, from an entry's clientId (parts are `<id>-<n>`). */
export function messageId(clientId: string): string {
  return clientId.replace(/-\d+$/, '')
}

/** True when an entry's clientId belongs to the message sent with `id` (or one of its parts). */
export function belongsTo(clientId: string | undefined, id: string): boolean {
  return clientId !== undefined && (clientId === id || clientId.startsWith(`${id}-`))
}
