/** Parses ALLOWED_ORIGINS; returns a problem description for the first bad entry. */
export function parseOrigins(value: string): string[] | string {
  const origins = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
  if (origins.length === 0) return 'must list at least one origin, e.g. https://www.example.com'
  const result: string[] = []
  for (const origin of origins) {
    if (origin === '*') {
      result.push(origin)
      continue
    }
    let url: URL
    try {
      url = new URL(origin)
    } catch {
      return `"${origin}" is not an origin: write scheme://host[:port], e.g. https://www.example.com`
    }
    if (url.origin !== origin.replace(/\/$/, '')) {
      return `"${origin}" is not an origin: drop any path, e.g. ${url.origin}`
    }
    result.push(url.origin)
  }
  return result
}
