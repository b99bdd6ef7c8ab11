/** What one item of a batch came to: its own failure does not fail the others. */
export type BatchOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown }

export type GroupCommit<I, O> = {
  /** Queues `item` for the batch of this event-loop turn; settles once that batch ran. */
  add(item: I): Promise<O>
  /** Runs the queued batch now, synchronously (before the store closes). */
  flush(): void
}

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }

/**
 * Group commit: every item added during one event-loop turn is handed to `run` in one
 * call, in the order added, so a durable store pays one transaction (one fsync) per
 * turn instead of one per item. `run` returns one outcome per item, or a promise of
 * them (then its synchronous part is the write, and callers are answered once it
 * settles, e.g. after an fsync); when it throws or rejects, the whole batch failed and
 * every caller in it is rejected with that error.
 * The batch runs from setImmediate: a test that fakes setImmediate must advance its
 * timers for an add() to settle. `holdWhile` (optional) may answer a promise to hold the
 * batch until it settles: what is added meanwhile joins it, so a store whose callers
 * wait for the same flush anyway commits them once (flush() does not wait).
 *
 * @example const appends = createGroupCommit((items) => writeAllInOneTransaction(items))
 */
export function createGroupCommit<I, O>(
  run: (items: readonly I[]) => BatchOutcome<O>[] | Promise<BatchOutcome<O>[]>,
  holdWhile?: () => Promise<unknown> | undefined,
): GroupCommit<I, O> {
  let queue: Waiting<I, O>[] = []
  let scheduled: NodeJS.Immediate | undefined
  let held = false

  function flushUnlessHeld(): void {
    scheduled = undefined
    const hold = holdWhile?.()
    if (hold === undefined) {
      flush()
      return
    }
    held = true
    const resume = () => {
      held = false
      flush()
    }
    hold.then(resume, resume)
  }

  function flush(): void {
    if (scheduled) clearImmediate(scheduled)
    scheduled = undefined
    const batch = queue
    queue = []
    if (batch.length === 0) return
    const fail = (error: unknown) => {
      for (const waiting of batch) waiting.reject(error)
    }
    let outcomes: BatchOutcome<O>[] | Promise<BatchOutcome<O>[]>
    try {
      outcomes = run(batch.map((waiting) => waiting.item))
    } catch (error) {
      fail(error)
      return
    }
    if (outcomes instanceof Promise) outcomes.then((settled) => answer(batch, settled), fail)
    else answer(batch, outcomes)
  }

  function answer(batch: Waiting<I, O>[], outcomes: BatchOutcome<O>[]): void {
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i]
      if (!outcome) waiting.reject(new Error(`group commit: no outcome for item ${i} of the batch`))
      else if (outcome.ok) waiting.resolve(outcome.value)
      else waiting.reject(outcome.error)
    })
  }

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        // setImmediate runs after the poll phase: every webhook whose body completed in
        // this turn of the loop joins the batch, and none waits longer than one turn
        // (or, held, than the hold: its end runs the batch).
        if (!held) scheduled ??= setImmediate(flushUnlessHeld)
      })
    },
    flush,
  }
}
