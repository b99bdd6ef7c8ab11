import { z } from 'zod'
import type { Logger } from '../logging/logger'
import { answersTokensKey } from '../store/keys'
import { withDeadline } from '../store/redis/deadline'
import type { Records, Store } from '../store/types'

const DAY_MS = 24 * 60 * 60 * 1000
// A day's count outlives its day, so an instance whose clock lags still reads it.
const KEEP_MS = 2 * DAY_MS

/** The model answers' token budget of a UTC day, shared by every instance. */
export type DailyBudget = {
  /** Tokens spent today (in and out together). */
  spent(): Promise<number>
  /** Counts tokens a call used. Never throws (a failure is logged). */
  spend(tokens: number): Promise<void>
  readonly limit: number
}

const Spent = z.object({ tokens: z.number().int().min(0) })

/**
 * ANSWERS_LLM_DAILY_TOKENS: on a redis: store one INCRBY a call, on every instance; on
 * the others (one instance) a record, its updates in turn. A call's tokens are known
 * only after it, so calls already under way may pass the budget by their own size.
 *
 * @example if ((await budget.spent()) >= budget.limit) return 'budget'
 */
export function createDailyBudget(options: {
  store: Records & Pick<Store, 'sharedCounters'>
  limit: number
  now: () => number
  logger: Pick<Logger, 'info' | 'warn'>
}): DailyBudget {
  const { store, now, logger } = options
  const day = () => new Date(now()).toISOString().slice(0, 10)
  const shared = store.sharedCounters
  const redisKey = (d: string) => `${shared?.prefix ?? ''}${answersTokensKey(d)}`
  const deadline = shared?.timeoutMs ?? 3000
  let queue: Promise<void> = Promise.resolve()

  async function spent(): Promise<number> {
    try {
      if (shared) {
        const value = await withDeadline(shared.client.get(redisKey(day())), deadline)
        return Number(value ?? 0) || 0
      }
      return (await store.getRecord(answersTokensKey(day()), Spent))?.tokens ?? 0
    } catch (error) {
      // The budget is a cost brake: with its count unreadable, answers go on.
      logger.warn('model answers: the daily token count is unreadable', { error })
      return 0
    }
  }

  async function spend(tokens: number): Promise<void> {
    if (tokens <= 0) return
    const key = answersTokensKey(day())
    try {
      if (shared) {
        await withDeadline(
          shared.client
            .multi()
            .incrBy(redisKey(day()), tokens)
            .pExpire(redisKey(day()), KEEP_MS)
            .exec(),
          deadline,
        )
        return
      }
      const step = queue.then(async () => {
        const before = (await store.getRecord(key, Spent))?.tokens ?? 0
        await store.setRecord(key, { tokens: before + tokens }, KEEP_MS)
      })
      queue = step.catch(() => {})
      await step
    } catch (error) {
      logger.warn('model answers: tokens not counted toward the daily budget', { tokens, error })
    }
  }

  return { spent, spend, limit: options.limit }
}
