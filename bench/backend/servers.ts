// The servers the backend rows compare: the built Porthole backend on a store, and the
// raw node:http SSE server (bench/backend/raw-sse-server.mjs), each in its own process.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FakeUpstream } from '../../kit/fake-upstream'
import { type NodeServer, startNodeServer } from '../../kit/processes'

export type MeasuredServer = NodeServer & { hookUrl: string; porthole: boolean }

export type PortholeSettings = {
  root: string
  upstream: FakeUpstream
  cacheSeconds: number
  /** Origins that may embed the widget (the Lighthouse host page). */
  allowedOrigins?: string
}

/** The channel id is the last segment of the channel URL (`…/<random>/<channel id>`). */
export function channelIdOf(channelUrl: string): string {
  const id = new URL(channelUrl).pathname.split('/').filter(Boolean).at(-1)
  if (!id) throw new Error(`no channel id in ${channelUrl}`)
  return id
}

/** One set of secrets per benchmark: visitors' tokens made by one instance work on the next. */
export class PortholeServers {
  readonly #secrets = {
    webhook: randomBytes(16).toString('hex'),
    session: randomBytes(32).toString('hex'),
  }
  readonly #dataDirs: string[] = []

  constructor(readonly settings: PortholeSettings) {}

  /** `extra`: environment added or overridden, and a command to run node under (prlimit). */
  async start(
    storeUrl?: string,
    nodeArgs: string[] = [],
    extra: { env?: Record<string, string>; wrap?: string[] } = {},
  ): Promise<MeasuredServer> {
    const { root, upstream, cacheSeconds, allowedOrigins } = this.settings
    const dataDir = mkdtempSync(join(tmpdir(), 'porthole-bench-'))
    this.#dataDirs.push(dataDir)
    const server = await startNodeServer(join(root, 'dist/server/main.js'), {
      nodeArgs,
      ...(extra.wrap ? { wrap: extra.wrap } : {}),
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CHANNEL_URL: upstream.channelUrl,
        WEBHOOK_SECRET: this.#secrets.webhook,
        SESSION_SECRET: this.#secrets.session,
        STORE_URL: storeUrl ?? `sqlite:${join(dataDir, 'porthole.db')}`,
        PORTHOLE_DATA_DIR: dataDir,
        STATUS_CACHE_SECONDS: String(cacheSeconds),
        ...(allowedOrigins ? { ALLOWED_ORIGINS: allowedOrigins } : {}),
        // The load generator is one IP opening thousands of sessions.
        RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
        // ... and of all of their streams, more than one instance is meant to hold.
        MAX_STREAMS_PER_IP: '1000000',
        MAX_STREAMS: '10000000',
        ...extra.env,
      },
    })
    const channelId = channelIdOf(upstream.channelUrl)
    return {
      ...server,
      porthole: true,
      hookUrl: `${server.url}/hooks/${this.#secrets.webhook}/${channelId}`,
    }
  }

  cleanUp(): void {
    for (const dir of this.#dataDirs) rmSync(dir, { recursive: true, force: true })
  }
}

export async function startRawServer(
  root: string,
  nodeArgs: string[] = [],
  extra: { env?: Record<string, string>; wrap?: string[] } = {},
): Promise<MeasuredServer> {
  const server = await startNodeServer(join(root, 'bench/backend/raw-sse-server.mjs'), {
    nodeArgs,
    ...extra,
  })
  return { ...server, porthole: false, hookUrl: `${server.url}/hooks/raw/raw` }
}
