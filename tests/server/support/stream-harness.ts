import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe } from 'vitest'
import { describeRedis, useRedisServer } from '../../../kit/redis-server'
import type { Outbox, OutboxOptions } from '../../../server/channel/outbox'
import { createStreamHub, type StreamHub } from '../../../server/events/stream-hub'
import { silentLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createRedisStore } from '../../../server/store/redis-store'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { createVisitorId } from './conformance'
import { createOutboxInstance, DELAYED_OUTBOX } from './customer-messages'
import { asResponse, createFakeResponse } from './fake-response'
import type { FakeService } from './fake-service'

// The delivery tests' harness: outboxes, hubs and streams over a store, each closed
// after its test, and the same scenarios run on memory, sqlite and Redis stores.

/** Outboxes, hubs and streams for one `describe`; everything made is closed after each test. */
export function useStreamHarness() {
  const cleanups: Array<() => Promise<unknown> | unknown> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  /** Runs `cleanup` after the current test (the latest registered first). */
  function afterTest(cleanup: () => Promise<unknown> | unknown) {
    cleanups.push(cleanup)
  }

  /** An outbox whose first failure is `delayed` (no fast retries), retried only in 10 minutes. */
  function outboxOver(
    store: Store,
    service: FakeService,
    overrides: Partial<OutboxOptions> = {},
  ): Outbox {
    const { outbox } = createOutboxInstance(store, service.fetch, {
      ...DELAYED_OUTBOX,
      ...overrides,
    })
    afterTest(() => outbox.stop())
    return outbox
  }

  function hubOver(store: Store): StreamHub {
    const hub = createStreamHub({ store, logger: silentLogger, heartbeatMs: 60_000 })
    afterTest(() => hub.close())
    return hub
  }

  async function openStream(hub: StreamHub, visitorId: string, lastEventId?: string) {
    const res = createFakeResponse()
    await hub.open({ visitorId, res: asResponse(res), lastEventId, ip: '203.0.113.9', headers: {} })
    return res
  }

  return { afterTest, outboxOver, hubOver, openStream }
}

/** `scenarios` on a memory, a sqlite (in a temporary directory named `dirPrefix`…) and a Redis store. */
export function describeEachStore(
  dirPrefix: string,
  scenarios: (openStore: () => Promise<Store>) => void,
) {
  describe('memory store', () => {
    scenarios(async () => createMemoryStore())
  })

  describe('sqlite store', () => {
    const dirs: string[] = []
    const stores: Store[] = []
    afterEach(async () => {
      for (const store of stores.splice(0)) await store.close()
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
    })
    scenarios(async () => {
      const dir = mkdtempSync(join(tmpdir(), dirPrefix))
      dirs.push(dir)
      const store = openSqliteStore(join(dir, 'porthole.db'))
      stores.push(store)
      return store
    })
  })

  describeRedis('redis store', () => {
    const redis = useRedisServer()
    scenarios(async () =>
      redis.closeAfterTest(
        await createRedisStore(redis.server.url, { prefix: `t${createVisitorId()}:` }),
      ),
    )
  })
}
