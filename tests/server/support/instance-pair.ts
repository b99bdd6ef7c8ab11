import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { SessionResponse } from '../../../shared/widget-api'
import { type RedisServer, startRedisServer } from '../../support/redis-server'
import { type BackendProcess, startBackendProcess } from './backend-process'
import { type FakeUpstream, startFakeUpstream } from './fake-upstream'

/** Two backend processes on one Redis, as behind a load balancer, with their secrets. */
export type InstancePair = {
  a: BackendProcess
  b: BackendProcess
  redis: RedisServer
  /** The webhook path's secret: A3 goes to /hooks/<secret>/<channel>. */
  webhookSecret: string
  /** Stops both processes and Redis and removes the data folder. */
  stop(): Promise<void>
}

/** Starts Redis and two instances talking to the service at `channelUrl`; `env` adds settings. */
export async function startInstancePair(
  channelUrl: string,
  env: Record<string, string> = {},
): Promise<InstancePair> {
  const redis = await startRedisServer()
  const dataDir = mkdtempSync(join(tmpdir(), 'porthole-pair-'))
  const webhookSecret = randomBytes(16).toString('hex')
  const settings = {
    CHANNEL_URL: channelUrl,
    WEBHOOK_SECRET: webhookSecret,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    STORE_URL: redis.url,
    PORTHOLE_DATA_DIR: dataDir,
    ...env,
  }
  const stopRest = async () => {
    await redis.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const started = await Promise.allSettled([
    startBackendProcess(settings),
    startBackendProcess(settings),
  ])
  const [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined))
  if (!a || !b) {
    await Promise.all([a?.stop(), b?.stop()])
    await stopRest()
    const failure = started.find((result) => result.status === 'rejected')
    throw failure?.status === 'rejected' ? failure.reason : new Error('an instance did not start')
  }
  return {
    a,
    b,
    redis,
    webhookSecret,
    async stop() {
      await Promise.all([a.stop(), b.stop()])
      await stopRest()
    },
  }
}

/**
 * Inside a describe: the fake service and an instance pair talking to it, started before
 * the suite's first test and stopped after its last; `env` adds settings.
 */
export function useInstancePair(env: Record<string, string> = {}) {
  let upstream: FakeUpstream | undefined
  let pair: InstancePair | undefined
  beforeAll(async () => {
    upstream = await startFakeUpstream()
    pair = await startInstancePair(upstream.channelUrl, env)
  }, 90_000)
  afterAll(async () => {
    await pair?.stop()
    await upstream?.close()
  }, 30_000)
  const started = (): { upstream: FakeUpstream; pair: InstancePair } => {
    if (!upstream || !pair) throw new Error('useInstancePair() starts the instances in beforeAll')
    return { upstream, pair }
  }
  return {
    get upstream() {
      return started().upstream
    },
    get a() {
      return started().pair.a
    },
    get b() {
      return started().pair.b
    },
    get webhookSecret() {
      return started().pair.webhookSecret
    },
  }
}

/** A new visitor's session, opened on `on`. */
export async function newVisitor(on: BackendProcess): Promise<SessionResponse> {
  const response = await fetch(`${on.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  if (response.status !== 200) throw new Error(`POST /api/session answered ${response.status}`)
  return SessionResponse.parse(await response.json())
}
