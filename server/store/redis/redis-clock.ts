import { performance } from 'node:perf_hooks'
import { z } from 'zod'
import type { RedisClient } from './connection'
import { withDeadline } from './deadline'

const TimeReply = z.tuple([z.coerce.number(), z.coerce.number()])
const EVERY_MS = 30_000

/**
 * Redis's clock as seen from this process: the offset between Redis's TIME and this
 * process's monotonic clock, measured at start and every 30 s (so a step of either
 * wall clock is caught up with, and this process's own steps do not matter). It turns
 * a command timeout into a deadline in Redis's time, which a script checks before it
 * writes: a command that reaches a frozen Redis and runs after the caller stopped
 * waiting then writes nothing.
 */
export function createRedisClock(
  client: RedisClient,
  timeoutMs: number,
  onError: (error: unknown) => void,
) {
  let offset: number | undefined
  const timer = setInterval(() => void measure().catch(() => {}), EVERY_MS)
  timer.unref()

  async function measure(): Promise<void> {
    const before = performance.now()
    const reply = await withDeadline(client.sendCommand(['TIME']), timeoutMs)
    const [seconds, micros] = TimeReply.parse(reply)
    const after = performance.now()
    offset = seconds * 1000 + Math.floor(micros / 1000) - (before + after) / 2
  }

  return {
    /** Measures the offset now (at start; after a refused write). Never rejects. */
    async sync(): Promise<void> {
      try {
        await measure()
      } catch (error) {
        onError(error)
      }
    },
    /** Redis's time (ms) `timeoutMs` from now, as a script argument; '' while unknown. */
    deadline(timeoutMs: number | undefined): string {
      if (timeoutMs === undefined || offset === undefined) return ''
      return String(Math.floor(performance.now() + offset + timeoutMs))
    },
    stop(): void {
      clearInterval(timer)
    },
  }
}
