import { ConfigError } from './errors'

function refuse(problem: string): never {
  throw new ConfigError([{ variable: 'ALLOWED_ORIGINS', problem }])
}

/** Parses ALLOWED_ORIGINS; throws a ConfigError naming the first bad entry. */
export function parseOrigins(value: string): string[] {
  const origins = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
  if (origins.length === 0) refuse('must list at least one origin, e.g. https://www.example.com')
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
      refuse(
        `"${origin}" is not an origin: write scheme://host[:port], e.g. https://www.example.com`,
      )
    }
    if (url.origin !== origin.replace(/\/$/, '')) {
      refuse(`"${origin}" is not an origin: drop any path, e.g. ${url.origin}`)
    }
    result.push(url.origin)
  }
  return result
}
