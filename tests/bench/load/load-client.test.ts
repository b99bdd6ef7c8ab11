import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MeasuredServer, startRawServer } from '../../../bench/backend/servers'
import { type LoadClient, startLoadGenerator } from '../../../bench/lib/load-client'

// The load generator as the bench runs it: a forked tsx process driven over IPC, here
// against the raw node:http server.

const root = fileURLToPath(new URL('../../../', import.meta.url))

describe('the load generator', () => {
  let load: LoadClient
  let server: MeasuredServer

  beforeAll(async () => {
    load = startLoadGenerator(`${root}bench/load/main.ts`)
    server = await startRawServer(root)
  }, 30_000)

  afterAll(async () => {
    await load?.stop()
    await server?.stop()
  })

  it('answers a command it cannot run with its error, and keeps working', async () => {
    await expect(
      load.call('max', { hookUrl: server.hookUrl, seconds: 0.2, concurrency: 2, graceMs: 100 }),
    ).rejects.toThrow(/max: no visitors/)
    await expect(load.call('closeAll', {})).resolves.toEqual({ closed: 0 })
  })

  it('opens streams, delivers every acknowledged webhook once and times it', async () => {
    const porthole = server.porthole
    expect(await load.call('visitors', { base: server.url, count: 50, porthole })).toEqual({
      count: 50,
    })
    expect(await load.call('open', { base: server.url, porthole })).toEqual({
      opened: 50,
      failed: 0,
    })
    const max = await load.call('max', {
      hookUrl: server.hookUrl,
      seconds: 1,
      concurrency: 4,
      graceMs: 5000,
    })
    expect(max.acked).toBeGreaterThan(50)
    expect(max).toMatchObject({ sent: max.acked, delivered: max.acked, lost: 0, duplicates: 0 })

    const steady = await load.call('steady', {
      hookUrl: server.hookUrl,
      rate: 200,
      seconds: 1,
      graceMs: 5000,
    })
    expect(steady).toMatchObject({ sent: 200, acked: 200, delivered: 200, lost: 0, unanswered: 0 })
    expect(steady.p50).toBeGreaterThan(0)
    expect(steady.p99).toBeGreaterThanOrEqual(steady.p50 ?? 0)
    expect(steady.loadGeneratorDelay.max).toBeGreaterThanOrEqual(0)
    expect(await load.call('closeAll', {})).toEqual({ closed: 50 })
  }, 30_000)

  it('counts webhooks the server acknowledged to nobody connected as lost', async () => {
    // Visitors without streams: the raw server answers "ok" and writes to no one.
    await load.call('visitors', { base: server.url, count: 5, porthole: false })
    const max = await load.call('max', {
      hookUrl: server.hookUrl,
      seconds: 0.3,
      concurrency: 2,
      graceMs: 300,
    })
    expect(max.acked).toBeGreaterThan(0)
    expect(max.lost).toBe(max.acked)
  }, 30_000)
})
