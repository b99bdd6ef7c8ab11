/** What a masked secret is replaced by, everywhere in a log line. */
export const REDACTED = '[redacted]'

/**
 * Replaces every form in which one of `secrets` may appear in a JSON log line: the value
 * itself, JSON-escaped, and percent-encoded (a token inside a URL), JSON-escaped too.
 * Values shorter than 4 characters are ignored (they would mask ordinary words).
 *
 * @example createSecretMask(['s3cr3t-token'])('GET /hooks/s3cr3t-token') // 'GET /hooks/[redacted]'
 */
export function createSecretMask(secrets: readonly string[]): (line: string) => string {
  // Longest first, so a secret that contains another is replaced whole.
  const sorted = [...new Set(secrets)]
    .filter((s) => s.length >= 4)
    .sort((a, b) => b.length - a.length)
  const forms = sorted.flatMap((secret) => {
    const uri = encodeURIComponent(secret)
    return [...new Set([secret, uri].flatMap((form) => [form, JSON.stringify(form).slice(1, -1)]))]
  })
  if (forms.length === 0) return (line) => line
  return (line) => {
    let out = line
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED)
    return out
  }
}
