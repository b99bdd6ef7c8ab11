import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { clientAddress } from '../../../server/http/client-ip'

// The reverse-proxy example in docs/operators/deploying.md is what operators copy: it must keep the secret
// paths out of the access log and forward the client address the way TRUST_PROXY reads it.

const readme = readFileSync(join(findRepoRoot(), 'docs/operators/deploying.md'), 'utf8')
const section = readme.slice(readme.indexOf('## Behind a reverse proxy with TLS'))
const nginx = /```nginx\n([\s\S]*?)```/.exec(section)?.[1] ?? ''

/** The nginx `location` blocks: their pattern and body. */
function locations(config: string): { pattern: string; body: string }[] {
  return [...config.matchAll(/location\s+([^{]+?)\s*\{([^}]*)\}/g)].map((match) => ({
    pattern: match[1] ?? '',
    body: match[2] ?? '',
  }))
}

/** The location nginx picks for `path`: a matching regex wins over prefixes, else the longest prefix. */
function locationFor(path: string) {
  const all = locations(nginx)
  const regex = all.find(
    (l) => l.pattern.startsWith('~') && new RegExp(l.pattern.replace(/^~\*?\s*/, '')).test(path),
  )
  if (regex) return regex
  return all
    .filter((l) => !l.pattern.startsWith('~') && path.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length)[0]
}

describe("the deploying page's nginx example", () => {
  it('exists', () => {
    expect(locations(nginx).length).toBeGreaterThan(2)
  })

  it.each(['/hooks/s3cret/chan42', '/bot/t0ken'])(
    'keeps %s (a secret path) out of the access log',
    (path) => {
      const location = locationFor(path)
      expect(location?.body).toMatch(/access_log\s+off;/)
      expect(location?.body).toMatch(/proxy_pass\s+http:\/\/127\.0\.0\.1:3000;/)
    },
  )

  it('logs the widget API as usual', () => {
    expect(locationFor('/api/messages')?.body).not.toMatch(/access_log\s+off/)
  })

  it("appends the client's address to X-Forwarded-For in every proxied location", () => {
    for (const location of locations(nginx).filter((l) => l.body.includes('proxy_pass')))
      expect(location.body, location.pattern).toMatch(
        /proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for;/,
      )
  })

  it('is read right with TRUST_PROXY=1: a client-written entry changes nothing', () => {
    expect(section).toMatch(/TRUST_PROXY=1/)
    // $proxy_add_x_forwarded_for = what the client sent + ", " + $remote_addr.
    const proxied = (sent: string | undefined, remote: string) =>
      sent ? `${sent}, ${remote}` : remote
    expect(clientAddress(proxied('6.6.6.6', '203.0.113.9'), '127.0.0.1', 1)).toBe('203.0.113.9')
    expect(clientAddress(proxied(undefined, '203.0.113.9'), '127.0.0.1', 1)).toBe('203.0.113.9')
  })
})
