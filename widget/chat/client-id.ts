/**
 * A fresh ClientId: 24 hex characters. Hex has no "-", so the backend's part suffix
 * `<id>-<n>` can never be confused with the id itself.
 */
export function createClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** True when an entry's clientId belongs to the message sent with `id` (or one of its parts). */
export function belongsTo(clientId: string | undefined, id: string): boolean {
  return clientId !== undefined && (clientId === id || clientId.startsWith(`${id}-`))
}
