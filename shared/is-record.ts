/**
 * True for a plain JSON object (not null, not an array): the first check of every
 * hand-written reader of untrusted JSON, in every runtime.
 *
 * @example if (isRecord(body) && typeof body.text === 'string') send(body.text)
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
