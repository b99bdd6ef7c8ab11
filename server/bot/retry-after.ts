/**
 * Milliseconds to wait from a Retry-After header: delta-seconds or an HTTP date
 * (RFC 9110 10.2.3). Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value) * 1000
  if (!/[a-z]/i.test(value)) return undefined
  const date = Date.parse(value)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}
