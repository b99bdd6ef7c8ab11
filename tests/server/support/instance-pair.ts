import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { type FakeUpstream, startFakeUpstream } from '../../../kit/fake-upstream'
import { type RedisServer, startRedisServer } from '../../../kit/redis-server'
import { ConversationEntry } from '../../../shared/widget-api'
import { createAgentMessage, createTextMessage } from '../../support/protocol-factories'
import { type BackendProcess, startBackendProcess } from './backend-process'
import { openSse, type SseConnection } from './sse-client'

export { newVisitor } from './new-visitor'

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

/** The service delivering one agent text (A3) for `visitorId` to instance `on`, answered ok. */
export async function deliverAgentText(
  on: BackendProcess,
  webhookSecret: string,
  message: { visitorId: string; id: string; text: string },
): Promise<void> {
  const body = createAgentMessage({
    recipient: { id: message.visitorId },
    message: createTextMessage({ id: message.id, text: message.text }),
  })
  const response = await fetch(`${on.url}/hooks/${webhookSecret}/fake-channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(await response.json()).toEqual({ result: 'ok' })
}

/** The visitor's event stream on `on`, once it answered 200; `lastEventId` resumes it. */
export async function openVisitorStream(
  on: BackendProcess,
  token: string,
  lastEventId?: string,
): Promise<SseConnection> {
  const connection = openSse(`${on.url}/api/events`, {
    authorization: `Bearer ${token}`,
    ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
  })
  await connection.ready
  expect(connection.status).toBe(200)
  return connection
}

/** The texts (or media types) of the entries a stream carried, in order; each event's id is its entry's. */
export function streamTexts(connection: SseConnection): string[] {
  return connection.events
    .filter((event) => event.event === 'message')
    .map((event) => {
      const entry = ConversationEntry.parse(JSON.parse(event.data))
      expect(event.id).toBe(entry.id)
      return entry.content.type === 'text' ? entry.content.text : entry.content.type
    })
}
