import type { Channel } from './config'

/**
 * Splits CHANNEL_URL `{base_url}/<random_string>/<CHANNEL_PUBLIC_ID>`; returns a
 * problem description instead when it is not such a URL.
 */
export function parseChannelUrl(value: string): Channel | string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'is not a URL: copy the channel endpoint from the service’s channel settings'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'must be an https:// (or, during development, http://) URL'
  }
  if (url.search || url.hash) return 'must not have a query string or fragment'
  const segments = url.pathname.split('/').filter((segment) => segment.length > 0)
  const publicId = segments.at(-1)
  if (segments.length < 2 || publicId === undefined) {
    return 'must end with /<random_string>/<CHANNEL_PUBLIC_ID>, as the service shows it'
  }
  const base = `${url.origin}/${segments.join('/')}`
  return { url: base, statusUrl: `${base}/status`, publicId }
}
