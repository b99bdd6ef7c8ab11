import { z } from 'zod'
import { parseServiceToProviderEvent, type ServiceToProviderEvent } from '../../shared/protocol'
import { botPendingKey, KEY_PREFIXES } from '../store/keys'
import { type BotLogger, describeError } from './logger'
import type { BotStore } from './store'

const PendingEvent = z.object({ event: z.unknown(), at: z.number() })

export type PendingEvents = {
  /** Keeps an event before the service hears 200: it is handled even after a restart. */
  save(event: ServiceToProviderEvent, at: number): Promise<void>
  /** The event was handled (or failed in a way a retry would not fix). */
  done(eventId: string): Promise<void>
  /** False once an instance has handled it (another one, resuming the same event). */
  isPending(eventId: string): Promise<boolean>
  /** Every stored event, oldest first (taken at start, after a shutdown cut work short). */
  list(): Promise<ServiceToProviderEvent[]>
}

/**
 * The bot's work that the service was told is taken (B2 answered 200), kept in the store
 * until it is handled: a shutdown bounded by SHUTDOWN_TIMEOUT_SECONDS, or a crash,
 * leaves it for the next start instead of losing it. Without a store (the provider used
 * on its own) nothing is kept.
 */
export function createPendingEvents(
  store: BotStore | undefined,
  ttlMs: number,
  logger: BotLogger,
): PendingEvents {
  if (!store) {
    return {
      save: async () => {},
      done: async () => {},
      isPending: async () => true,
      list: async () => [],
    }
  }
  const onMismatch = (error: unknown) =>
    logger.warn('a stored bot event is unreadable; skipping it', { error: describeError(error) })
  return {
    save: (event, at) => store.setRecord(botPendingKey(event.id), { event, at }, ttlMs),
    done: (eventId) => store.deleteRecord(botPendingKey(eventId)),
    async isPending(eventId) {
      return (await store.getRecord(botPendingKey(eventId), PendingEvent)) !== undefined
    },
    async list() {
      const keys = await store.listRecords(KEY_PREFIXES.botPending)
      const found: Array<{ event: ServiceToProviderEvent; at: number }> = []
      for (const key of keys) {
        const record = await store.getRecord(key, PendingEvent, onMismatch)
        if (!record) continue
        const parsed = parseServiceToProviderEvent(record.event)
        if (parsed.kind === 'ok') found.push({ event: parsed.event, at: record.at })
        else await store.deleteRecord(key)
      }
      return found.sort((a, b) => a.at - b.at).map((item) => item.event)
    },
  }
}
