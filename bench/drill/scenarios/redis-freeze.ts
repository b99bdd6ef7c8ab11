import { sleep } from '../net'
import type { Scenario } from './context'
import { withRedis, withStack } from './context'
import { twoWayUnderFault } from './two-way'

/**
 * Row 7: the backend on Redis, redis-server frozen (SIGSTOP: sockets open, no answers)
 * for the plan's freezeMs during traffic both ways, then thawed (SIGCONT). Besides the
 * counts, /healthz is asked every 500 ms during the freeze: it must answer (503) within
 * REDIS_TIMEOUT_MS, not hang for the freeze.
 */
export const freezeScenario: Scenario = (context) =>
  withRedis('7. Redis frozen', (redis) =>
    withStack(context, { STORE_URL: redis.url }, async (stack) => {
      const health = healthProbe(stack.backendUrl)
      const rows = await twoWayUnderFault(
        context,
        stack,
        {
          label: `7. Redis frozen ${context.plan.freezeMs / 1000} s`,
          downMs: context.plan.freezeMs,
          outlastsRetries: true,
          down: async () => {
            redis.freeze()
            health.start()
          },
          up: async () => {
            // Thawed first: the probe's last request is not waited for while frozen.
            const stopped = health.stop()
            redis.thaw()
            await stopped
          },
        },
        'freeze',
      )
      rows[0]?.notes.push(health.summary())
      return rows
    }),
  )

/** GET /healthz in a loop while started: each answer's status and how long it took. */
function healthProbe(base: string) {
  const answers: Array<{ status: number | string; ms: number }> = []
  let running = false
  // An answer that comes once the thaw began says nothing about the freeze.
  let thawing = false
  let loop: Promise<void> = Promise.resolve()
  async function probe(): Promise<void> {
    while (running) {
      const began = Date.now()
      try {
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(60_000) })
        await res.arrayBuffer()
        if (!thawing) answers.push({ status: res.status, ms: Date.now() - began })
      } catch (error) {
        if (!thawing)
          answers.push({
            status: error instanceof Error ? error.name : 'error',
            ms: Date.now() - began,
          })
      }
      await sleep(500)
    }
  }
  return {
    start() {
      running = true
      loop = probe()
    },
    async stop() {
      running = false
      thawing = true
      await loop
    },
    summary(): string {
      if (answers.length === 0) return '/healthz was not asked during the freeze'
      const counts = new Map<string, number>()
      for (const { status } of answers)
        counts.set(String(status), (counts.get(String(status)) ?? 0) + 1)
      const slowest = Math.max(...answers.map((a) => a.ms))
      return `/healthz during the freeze: ${answers.length} answers (${[...counts].map(([s, n]) => `${s} ×${n}`).join(', ')}), slowest ${slowest} ms`
    },
  }
}
