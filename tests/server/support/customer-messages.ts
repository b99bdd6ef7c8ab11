import { afterEach, beforeEach, vi } from 'vitest'
import { z } from 'zod'
import { createChannelClient } from '../../../server/channel/channel-client'
import { createOutbox, type Outbox, type OutboxOptions } from '../../../server/channel/outbox'
import { OutboxItem } from '../../../server/channel/outbox-item'
import { createLogger } from '../../../server/logging/logger'
import { createPortholeMetrics } from '../../../server/metrics/porthole-metrics'
import { outboxItemKey } from '../../../server/store/keys'
import type { Store, VisitorEvent } from '../../../server/store/types'
import { CustomerMessage } from '../../../shared/protocol/chat-channel'
import { createTestConfig } from '../../support/test-config'
import type { FakeService } from './fake-service'

// The customer-messages (A2 outbox) tests' setup: outboxes over a store and the fake
// service, on fake timers, stopped after each test.

export const HOUR = 3_600_000
export const UPSTREAM_TIMEOUT_MS = 10_000
/** The claim of one attempt: the upstream timeout plus the 5 s margin. */
export const CLAIM_TTL_MS = UPSTREAM_TIMEOUT_MS + 5000
export const SWEEP_MS = 5000

export type OutboxInstance = { outbox: Outbox; logs: string[] }

/**
 * Options for an outbox whose first failure is `delayed` (no fast retries), retried
 * only in 10 minutes, or at once by "send now" (submitting the message again).
 */
export const DELAYED_OUTBOX = {
  retries: 0,
  backoff: { baseMs: 600_000, maxMs: 600_000, jitter: 0 },
  sweepMs: 600_000,
} satisfies Partial<OutboxOptions>

/** An outbox over `store` talking to the fake service through the real channel client. */
export function createOutboxInstance(
  store: Store,
  fetch: typeof globalThis.fetch,
  overrides: Partial<OutboxOptions> = {},
): OutboxInstance {
  const logs: string[] = []
  const logger = createLogger({ level: 'debug', write: (line) => logs.push(line) })
  const client = createChannelClient({
    channel: createTestConfig().channel,
    fetch,
    timeoutMs: UPSTREAM_TIMEOUT_MS,
    metrics: createPortholeMetrics(),
    logger,
    now: () => Date.now(),
  })
  const outbox = createOutbox({
    store,
    client,
    logger,
    now: () => Date.now(),
    retryIntervalMs: 3000,
    retries: 3,
    giveUpMs: 24 * HOUR,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    keepMs: 30 * 24 * HOUR,
    sweepMs: SWEEP_MS,
    random: () => 0.5,
    ...overrides,
  })
  return { outbox, logs }
}

/**
 * Fake timers around each test of the file, and `instance(...)`: an outbox like
 * createOutboxInstance's, stopped after the test. Call it at the top of a test file.
 */
export function useOutboxInstances(): (
  ...args: Parameters<typeof createOutboxInstance>
) => OutboxInstance {
  const instances: Outbox[] = []
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(async () => {
    for (const outbox of instances.splice(0)) void outbox.stop()
    vi.useRealTimers()
  })
  return (...args) => {
    const created = createOutboxInstance(...args)
    instances.push(created.outbox)
    return created
  }
}

/** The outbox's stored record of a message, parsed. */
/**
 * A maker of text messages for the outbox, each with its own client id `<prefix>-<n>`,
 * saying `texts` unless told otherwise.
 */
function textRequests(prefix: string, texts: string[]) {
  let counter = 0
  return (visitorId: string, said = texts) => {
    counter += 1
    return { visitorId, clientId: `${prefix}-${counter}`, sender: { id: visitorId }, texts: said }
  }
}

export async function storedItem(store: Store, visitorId: string, clientId: string) {
  return OutboxItem.parse(await store.getRecord(outboxItemKey(visitorId, clientId), z.unknown()))
}

/** Message ids (A2 message.id) the service received, in order, one per request. */
export function receivedIds(service: FakeService): string[] {
  return service.messages().map((body) => {
    const message = CustomerMessage.parse(body).message
    return message.type === 'text' ? (message.id ?? '') : ''
  })
}

/** How many requests the service saw for each id. */
export function countById(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  return counts
}

/** The delivery states announced to a visitor's streams. */
export function recordDeliveries(store: Store, visitorId: string) {
  const events: VisitorEvent[] = []
  store.subscribe(visitorId, (event) => events.push(event))
  return {
    events,
    states: (clientId?: string) =>
      events.flatMap((e) =>
        e.event === 'delivery' && (clientId === undefined || e.data.clientId === clientId)
          ? [e.data.state]
          : [],
      ),
  }
}

/**
 * A store that freezes when crash() is called: every later call never settles, like
 * a process killed with -9 (its timers may still fire; they get nowhere).
 */
export function crashableStore(store: Store): { store: Store; crash(): void } {
  let crashed = false
  const never = () => new Promise<never>(() => {})
  const frozen: Store = {
    ...store,
    kind: store.kind,
    append: (...args) => (crashed ? never() : store.append(...args)),
    readAfter: (...args) => (crashed ? never() : store.readAfter(...args)),
    readBefore: (...args) => (crashed ? never() : store.readBefore(...args)),
    publish: (...args) => (crashed ? never() : store.publish(...args)),
    claim: (...args) => (crashed ? never() : store.claim(...args)),
    extendClaim: (...args) => (crashed ? never() : store.extendClaim(...args)),
    release: (...args) => (crashed ? never() : store.release(...args)),
    getRecord: (...args) => (crashed ? never() : store.getRecord(...args)),
    setRecord: (...args) => (crashed ? never() : store.setRecord(...args)),
    deleteRecord: (...args) => (crashed ? never() : store.deleteRecord(...args)),
    listRecords: (...args) => (crashed ? never() : store.listRecords(...args)),
    indexAdd: (...args) => (crashed ? never() : store.indexAdd(...args)),
    indexRemove: (...args) => (crashed ? never() : store.indexRemove(...args)),
    indexMembers: (...args) => (crashed ? never() : store.indexMembers(...args)),
  }
  return {
    store: frozen,
    crash: () => {
      crashed = true
    },
  }
}

/**
 * What a file of outbox tests on text messages starts with: `instance` as
 * useOutboxInstances gives it, and `request`, a maker of text messages (textRequests).
 */
export function useTextOutbox(prefix: string, texts: string[]) {
  return { instance: useOutboxInstances(), request: textRequests(prefix, texts) }
}
