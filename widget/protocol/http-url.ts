// Kept apart from read.ts: only the chat renders links and media, so the loader does
// not carry these checks.

/** The rule of shared/url.ts isHttpUrl: only absolute http: or https: URLs. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048 || !/^https?:\/\//i.test(value)) return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

export function isPositiveInt(value: unknown): value is number {
  // zod's int() means a safe integer.
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}
