import { botLockKey } from '../store/keys'
import { withClaim } from '../store/with-claim'
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

  return function withChatLock<T>(chatId: string, task: () => Promise<T>): Promise<T> {
    // Wait for the other instance; past maxWaitMs go ahead anyway: a late reply beats a lost one.
    const policy = {
      ttl: ttlMs,
      wait: { forMs: maxWaitMs, everyMs: pollMs },
      onTimeout: 'proceed',
    } as const
    return withClaim(store, botLockKey(chatId), policy, (lease) => {
      if (!lease.held)
        logger.warn('another instance holds this chat for too long; going ahead', { chatId })
      return task()
    })
  }
}
