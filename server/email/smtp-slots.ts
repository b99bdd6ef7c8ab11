/**
 * At most `size` tasks at once; the others wait their turn, in order. The e-mail outbox
 * runs each attempt in a slot, so an instance holds at most that many SMTP
 * conversations (and e-mail claims) whoever starts them: first attempts after a burst of
 * replies, retries coming due, the sweep, the flush after an outage.
 *
 * @example const slots = createSlots(4); await slots.run(() => send(item))
 */
export function createSlots(size: number) {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`slots: size must be ≥ 1, not ${size}`)
  let busy = 0
  const waiting: (() => void)[] = []
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (busy < size) busy += 1
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await task()
      } finally {
        // The slot goes straight to the next waiter, or is freed.
        const next = waiting.shift()
        if (next) next()
        else busy -= 1
      }
    },
    /** Tasks running and waiting (for tests and logs). */
    get load() {
      return { busy, waiting: waiting.length }
    },
  }
}
