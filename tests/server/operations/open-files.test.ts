import { afterEach, describe, expect, it } from 'vitest'
import { type FakeUpstream, startFakeUpstream } from '../../../kit/fake-upstream'
import { createLogger } from '../../../server/logging/logger'
import {
  descriptorReserve,
  fitStreamsToOpenFiles,
  readOpenFileLimit,
  streamCapFor,
} from '../../../server/operations/open-files'
import { SessionResponse } from '../../../shared/widget-api'
import { createTestConfig } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { type BackendProcess, startBackendProcess } from '../support/backend-process'
import { openSse, type SseConnection } from '../support/sse-client'

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            2048                 4096                 files
Max locked memory         8388608              8388608              bytes
`

describe('readOpenFileLimit', () => {
  it('reads the soft limit of /proc/self/limits', () => {
    expect(readOpenFileLimit(() => LIMITS)).toBe(2048)
    expect(readOpenFileLimit()).toBeGreaterThan(0)
  })

  it('is undefined when unlimited or unreadable (not Linux)', () => {
    expect(
      readOpenFileLimit(() =>
        LIMITS.replace('2048                 4096', 'unlimited            unlimited'),
      ),
    ).toBeUndefined()
    expect(
      readOpenFileLimit(() => {
        throw new Error('ENOENT')
      }),
    ).toBeUndefined()
  })
})

describe('the stream cap within the open-file limit', () => {
  it('keeps a reserve of descriptors: a tenth, at least 256 (half of a small limit)', () => {
    expect(descriptorReserve(2048)).toBe(256)
    expect(descriptorReserve(65_536)).toBe(6554)
    expect(descriptorReserve(320)).toBe(160)
    expect(streamCapFor(20_000, 2048)).toBe(1792)
    expect(streamCapFor(20_000, 1024)).toBe(768)
    expect(streamCapFor(500, 2048)).toBe(500)
    expect(streamCapFor(20_000, undefined)).toBe(20_000)
    expect(streamCapFor(20_000, 1)).toBe(1)
  })

  it('lowers MAX_STREAMS with a warning naming the limit and how to raise it', () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line) })
    const config = createTestConfig({ maxStreams: 20_000 })
    expect(fitStreamsToOpenFiles(config, logger, 2048).maxStreams).toBe(1792)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/"level":"warn"/)
    expect(lines[0]).toMatch(/MAX_STREAMS lowered to 1792/)
    expect(lines[0]).toMatch(/ulimit -n/)
    // Enough descriptors: nothing changes, nothing is logged.
    expect(fitStreamsToOpenFiles(config, logger, 1_000_000)).toBe(config)
    expect(lines).toHaveLength(1)
  })
})

describe('a backend under a low open-file limit (prlimit --nofile=320)', () => {
  let upstream: FakeUpstream | undefined
  let backend: BackendProcess | undefined
  const streams: SseConnection[] = []
  afterEach(async () => {
    for (const sse of streams.splice(0)) sse.close()
    await backend?.stop()
    await upstream?.close()
  })

  it('refuses streams beyond the lowered cap with 503 and keeps /healthz and the A3 webhook answering', async () => {
    upstream = await startFakeUpstream()
    const webhookSecret = 'hook-secret-0123456789abcdef'
    backend = await startBackendProcess(
      {
        CHANNEL_URL: upstream.channelUrl,
        WEBHOOK_SECRET: webhookSecret,
        SESSION_SECRET: 'session-secret-0123456789abcdef0123456789',
        STORE_URL: 'memory:',
        TRUST_PROXY: '1',
        MAX_STREAMS_PER_IP: '100000',
        RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
      },
      { wrap: ['prlimit', '--nofile=320:320', '--'] },
    )
    const url = backend.url
    const tokens: Array<{ token: string; visitorId: string }> = []
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.4' },
        body: '{}',
      })
      tokens.push(SessionResponse.parse(await res.json()))
    }
    const statuses: number[] = []
    // 8 visitors x 25 tabs: 200 streams, more than 320 - 160 (the reserve) = 160.
    for (let i = 0; i < 200; i++) {
      const visitor = tokens[i % tokens.length]
      const sse = openSse(`${url}/api/events`, {
        authorization: `Bearer ${visitor?.token}`,
        'x-forwarded-for': `198.51.100.${(i % 200) + 1}`,
      })
      streams.push(sse)
      await sse.ready
      statuses.push(sse.status)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(160)
    expect(statuses.filter((s) => s === 503)).toHaveLength(40)
    const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) })
    expect(health.status).toBe(200)
    const hook = await fetch(`${url}/hooks/${webhookSecret}/fake-channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(createAgentMessage({ recipientId: tokens[0]?.visitorId })),
      signal: AbortSignal.timeout(30_000),
    })
    expect(hook.status).toBe(200)
  }, 120_000)
})
