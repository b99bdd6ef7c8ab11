import { botLockKey } from '../store/keys'
import type { BotLogger } from './logger'
import type { BotStore } from './store'

export type ChatLockOptions = {
  store: BotStore
  logger: BotLogger
  /** A holder that died frees the lock after this long. */
  ttlMs?: number
  /** Poll interval while another instance holds the chat. */
  pollMs?: number
  /** Longest wait before going ahead anyway (a late reply beats a lost one). */
  maxWaitMs?: number
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Mutual exclusion per chat across instances sharing one store (Redis): the
 * service may deliver one chat's events to different instances, and the chat's
 * state is read, changed and written back. Within one instance the chat queue
 * already orders events; this keeps two instances from interleaving.
 */
export function createChatLock(options: ChatLockOptions) {
  const { store, logger } = options
  const ttlMs = options.ttlMs ?? 60_000
  const pollMs = options.pollMs ?? 25
  const maxWaitMs = options.maxWaitMs ?? 60_000

  return async function withChatLock<T>(chatId: string, task: () => Promise<T>): Promise<T> {
    const key = botLockKey(chatId)
    const started = Date.now()
    let held = await store.claim(key, ttlMs)
    while (!held && Date.now() - started < maxWaitMs) {
      await sleep(pollMs)
      held = await store.claim(key, ttlMs)
    }
    if (!held) logger.warn('another instance holds this chat for too long; going ahead', { chatId })
    try {
      return await task()
    } finally {
      if (held) await store.release(key)
    }
  }
}
