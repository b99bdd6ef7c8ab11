import { createServer } from 'node:net'

// Loopback helpers: the drill only ever listens on and dials 127.0.0.1.

export const HOST = '127.0.0.1'

/** A loopback port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('freePort: the probe socket has no TCP port'))
      })
    })
  })
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class DrillTimeoutError extends Error {
  override name = 'DrillTimeoutError' as const
  readonly code = 'drill_timeout' as const
}

/** Polls `check` every `everyMs` until it returns true; false when `timeoutMs` passes. */
export async function pollUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 200,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if (await check()) return true
    } catch {
      // A failed poll (a server restarting) is retried like a negative one.
    }
    if (Date.now() >= deadline) return false
    await sleep(everyMs)
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function eachLimit<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next
      next += 1
      await work(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}
