import type { Channel } from './config'
import { ConfigError } from './errors'

function refuse(problem: string): never {
  throw new ConfigError([{ variable: 'CHANNEL_URL', problem }])
}

/**
 * Splits CHANNEL_URL `{base_url}/<random_string>/<CHANNEL_PUBLIC_ID>`; throws a
 * ConfigError saying what to fix when it is not such a URL.
 */
export function parseChannelUrl(value: string): Channel {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    refuse('is not a URL: copy the channel endpoint from the service’s channel settings')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    refuse('must be an https:// (or, during development, http://) URL')
  }
  if (url.search || url.hash) refuse('must not have a query string or fragment')
  const segments = url.pathname.split('/').filter((segment) => segment.length > 0)
  const publicId = segments.at(-1)
  if (segments.length < 2 || publicId === undefined) {
    refuse('must end with /<random_string>/<CHANNEL_PUBLIC_ID>, as the service shows it')
  }
  const base = `${url.origin}/${segments.join('/')}`
  return { url: base, statusUrl: `${base}/status`, publicId }
}
