/**
 * CSRF: true when a browser says the request comes from the backend's own pages. The
 * Origin header (sent by browsers on every POST/PUT/DELETE) must be one of `origins`;
 * without it, Sec-Fetch-Site must say `same-origin`. With neither header the request is
 * not from a browser page: allowed only when `allowNoHeaders`.
 */
export function isSameOrigin(
  headers: { origin: string | undefined; secFetchSite: string | undefined },
  origins: readonly string[],
  allowNoHeaders: boolean,
): boolean {
  if (headers.origin !== undefined) return origins.includes(headers.origin)
  if (headers.secFetchSite !== undefined)
    return headers.secFetchSite === 'same-origin' || headers.secFetchSite === 'none'
  return allowNoHeaders
}
