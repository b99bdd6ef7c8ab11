import { isHttpUrl } from '../../shared/url'

/** The fragment the widget's loader looks for: `#porthole-resume=<token>`. */
export const RESUME_FRAGMENT = 'porthole-resume'

/**
 * Where a resume link opens the chat: the site owner's `email.continueUrl`, else the
 * last page the visitor was on, else the site's first origin, each only when its origin
 * is one the widget may run on. Never an open redirect: a page the visitor's browser
 * reported is followed only to an origin ALLOWED_ORIGINS names explicitly (not `*`), and
 * the site owner's continueUrl only to an allowed origin (`*` included: the owner set it).
 * The fallback is the first origin of ALLOWED_ORIGINS, or PUBLIC_URL's when it has none.
 *
 * @example resumeTarget({ page: 'https://shop.example/cart', allowedOrigins: ['https://shop.example'], publicUrl: 'https://chat.example' }, token)
 */
export function resumeTarget(
  where: {
    continueUrl?: string | undefined
    page?: string | undefined
    allowedOrigins: readonly string[]
    publicUrl: string
  },
  token: string,
): string {
  const explicit = where.allowedOrigins.filter((origin) => origin !== '*')
  const wildcard = where.allowedOrigins.includes('*')
  const page =
    pageOn(where.continueUrl, (origin) => wildcard || explicit.includes(origin)) ??
    withoutAttributes(pageOn(where.page, (origin) => explicit.includes(origin))) ??
    `${explicit.find(isHttpUrl) ?? new URL(where.publicUrl).origin}/`
  // Any fragment of the page gives way to the token's: a fragment never reaches the
  // site's server or its logs, and the widget removes it from the address bar.
  return `${page.replace(/#.*$/s, '')}#${RESUME_FRAGMENT}=${token}`
}

/** `url` when it is an http(s) URL whose origin `allowed` accepts; undefined otherwise. */
function pageOn(url: string | undefined, allowed: (origin: string) => boolean): string | undefined {
  if (url === undefined || !isHttpUrl(url)) return undefined
  const parsed = new URL(url)
  // No credentials in the address bar of a redirect (https://user:pass@…).
  if (parsed.username || parsed.password) return undefined
  return allowed(parsed.origin) ? parsed.href : undefined
}

/**
 * The page without the `ph.<name>` parameters the widget adds to the URL it reports
 * (Porthole.setAttributes, widget/extras/attributes.ts): they were for the agents, not
 * for the site's address bar.
 */
function withoutAttributes(page: string | undefined): string | undefined {
  if (page === undefined) return undefined
  const url = new URL(page)
  for (const name of [...url.searchParams.keys()])
    if (name.startsWith('ph.')) url.searchParams.delete(name)
  return url.href
}
