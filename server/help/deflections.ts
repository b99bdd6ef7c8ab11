import { z } from 'zod'
import type { Logger } from '../logging/logger'
import { helpOpenedKey, helpSettleKey, KEY_PREFIXES } from '../store/keys'
import type { Store } from '../store/types'

/** A message from the visitor within this long after opening an article cancels its deflection. */
export const DEFLECTION_WINDOW_MS = 10 * 60_000
// The clock's record outlives the window, so an instance that was down still settles it.
const KEEP_MS = 24 * 60 * 60_000

const Opened = z.object({ at: z.number(), articleId: z.string().optional() })

/**
 * Deflections: an article opened and no message from the visitor within
 * DEFLECTION_WINDOW_MS, or "That helped" at once. The clock is a record in the store and
 * the settling reads the visitor's conversation, so any instance sees a message sent
 * through any other; a claim makes one instance count each clock once.
 */
export function createDeflections(options: {
  store: Store
  now: () => number
  logger: Logger
  /** Called once per deflection. */
  count: () => Promise<void>
}) {
  const { store, now } = options

  async function settle(visitorId: string): Promise<void> {
    const key = helpOpenedKey(visitorId)
    const opened = await store.getRecord(key, Opened)
    if (!opened || now() - opened.at < DEFLECTION_WINDOW_MS) return
    if (!(await store.claim(helpSettleKey(visitorId, opened.at), KEEP_MS))) return
    const recent = await store.readBefore(visitorId, undefined, 50)
    const wrote = recent.some(
      (entry) =>
        entry.author === 'visitor' &&
        entry.at >= opened.at &&
        entry.at <= opened.at + DEFLECTION_WINDOW_MS,
    )
    await store.deleteRecord(key)
    if (!wrote) await options.count()
  }

  return {
    /** The visitor opened an article: the clock starts (again). */
    async opened(visitorId: string, articleId?: string): Promise<void> {
      await store.setRecord(
        helpOpenedKey(visitorId),
        { at: now(), ...(articleId ? { articleId } : {}) },
        KEEP_MS,
      )
    },
    /** "That helped": a deflection now; the visitor's running clock is spent. */
    async helpful(visitorId?: string): Promise<void> {
      if (visitorId) await store.deleteRecord(helpOpenedKey(visitorId))
      await options.count()
    },
    /** Settles every clock whose window has passed (run every minute). */
    async sweep(): Promise<void> {
      for (const key of await store.listRecords(KEY_PREFIXES.helpOpened)) {
        try {
          await settle(key.slice(KEY_PREFIXES.helpOpened.length))
        } catch (error) {
          options.logger.warn('help: settling a deflection failed', { error })
        }
      }
    },
  }
}

export type Deflections = ReturnType<typeof createDeflections>
