/**
 * A fresh ClientId: 24 hex characters. Hex has no "-", so the backend's part suffix
 * `<id>-<n>` can never be confused with the id itself.
 */
export function createClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

// Whether an entry's clientId is the message's or one of its parts' (shared/part-ids.ts).
export { belongsTo } from '../../../shared/part-ids'
