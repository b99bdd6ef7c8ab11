import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { SandboxEvent, SnapshotEvent } from '../service/events'
import type { SandboxService } from '../service/service'

const KEEP_ALIVE_MS = 15_000

/**
 * GET /console/api/events: a snapshot, then every change as it happens. Traffic log
 * entries are included only with ?traffic=1 (they are many).
 */
export function consoleEvents(c: Context, service: SandboxService): Response {
  const withTraffic = c.req.query('traffic') === '1'
  return streamSSE(c, async (stream) => {
    let id = 0
    // Writes are chained so events arrive in the order they happened.
    let chain = Promise.resolve()
    const push = (event: SandboxEvent | SnapshotEvent) => {
      if (event.type === 'traffic' && !withTraffic) return
      id += 1
      const message = { event: event.type, id: String(id), data: JSON.stringify(event) }
      chain = chain.then(() => stream.writeSSE(message)).catch(() => undefined)
    }
    push({ type: 'snapshot', state: service.consoleState() })
    const unsubscribe = service.events.subscribe(push)
    const keepAlive = setInterval(() => {
      chain = chain
        .then(() => stream.write(': keep-alive\n\n'))
        .then(
          () => undefined,
          () => undefined,
        )
    }, KEEP_ALIVE_MS)
    await new Promise<void>((resolve) => stream.onAbort(resolve))
    clearInterval(keepAlive)
    unsubscribe()
  })
}
