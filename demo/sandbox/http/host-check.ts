import type { MiddlewareHandler } from 'hono'

/** The loopback names the sandbox always answers to. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const

/** The host name of a Host header (`Example.test:3100` → `example.test`, `[::1]:80` → `[::1]`). */
export function hostNameOf(host: string): string | undefined {
  try {
    const url = new URL(`http://${host}`)
    // A Host header is a name and a port, nothing else.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash)
      return undefined
    return url.hostname
  } catch {
    return undefined
  }
}

/** A host name or a bare address as a Host header names it (`::1` → `[::1]`). */
export function asHostName(nameOrAddress: string): string | undefined {
  const bare = nameOrAddress.includes(':') && !nameOrAddress.startsWith('[')
  return hostNameOf(bare ? `[${nameOrAddress}]` : nameOrAddress)
}

/**
 * Refuses (403) every request whose Host is not one of the sandbox's own names. The
 * control API hands out channel endpoints, the webhook URL and bot tokens; without
 * this check a web page the developer visits could reach it through DNS rebinding
 * (its own name resolving to 127.0.0.1), read them and change the sandbox.
 *
 * @example app.use(hostCheck(() => new Set([...LOOPBACK_HOSTS, 'sandbox.example'])))
 */
export function hostCheck(allowedHosts: () => ReadonlySet<string>): MiddlewareHandler {
  return async function hostCheckMiddleware(c, next) {
    const host = c.req.header('host') ?? new URL(c.req.url).host
    const name = hostNameOf(host)
    const allowed = allowedHosts()
    if (name === undefined || !allowed.has(name)) {
      return c.text(
        `403 Forbidden: this sandbox answers only requests addressed to its own names (${[...allowed].join(', ')}), not to "${host.slice(0, 100)}". ` +
          'This protects its control API from web pages (DNS rebinding). To reach it under another name, set SANDBOX_PUBLIC_URL to an address with that name.',
        403,
        { 'x-content-type-options': 'nosniff' },
      )
    }
    await next()
  }
}
