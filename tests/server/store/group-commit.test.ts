import { describe, expect, it, vi } from 'vitest'
import { type BatchOutcome, createGroupCommit } from '../../../server/store/group-commit'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

function createDoubler() {
  const batches: number[][] = []
  const run = vi.fn((items: readonly number[]): BatchOutcome<number>[] => {
    batches.push([...items])
    return items.map((value) => ({ ok: true, value: value * 2 }))
  })
  return { batches, run, commit: createGroupCommit(run) }
}

describe('createGroupCommit', () => {
  it('runs everything added in one event-loop turn as one batch, in order', async () => {
    const { batches, commit } = createDoubler()
    const results = await Promise.all([commit.add(1), commit.add(2), commit.add(3)])
    expect(results).toEqual([2, 4, 6])
    expect(batches).toEqual([[1, 2, 3]])
  })

  it('starts a new batch for what is added in a later turn', async () => {
    const { batches, commit } = createDoubler()
    const first = commit.add(1)
    await nextTurn()
    const second = commit.add(2)
    expect(await Promise.all([first, second])).toEqual([2, 4])
    expect(batches).toEqual([[1], [2]])
  })

  it('answers nobody before the batch ran', async () => {
    const { run, commit } = createDoubler()
    let settled = false
    const pending = commit.add(5).then(() => {
      settled = true
    })
    await Promise.resolve()
    expect(settled).toBe(false)
    expect(run).not.toHaveBeenCalled()
    await pending
    expect(settled).toBe(true)
  })

  it('rejects every caller of a batch whose run throws, and keeps working afterwards', async () => {
    let fail = true
    const commit = createGroupCommit((items: readonly string[]) => {
      if (fail) throw new Error('disk on fire')
      return items.map((value) => ({ ok: true as const, value }))
    })
    const outcomes = await Promise.allSettled([commit.add('a'), commit.add('b')])
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected'])
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : ''))).toEqual([
      'Error: disk on fire',
      'Error: disk on fire',
    ])
    fail = false
    expect(await commit.add('c')).toBe('c')
  })

  it('rejects only the caller whose own item failed', async () => {
    const commit = createGroupCommit((items: readonly string[]): BatchOutcome<string>[] =>
      items.map((value) =>
        value === 'bad' ? { ok: false, error: new Error('bad item') } : { ok: true, value },
      ),
    )
    const outcomes = await Promise.allSettled([commit.add('a'), commit.add('bad'), commit.add('c')])
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: new Error('bad item') },
      { status: 'fulfilled', value: 'c' },
    ])
  })

  it('rejects a caller that run forgot to answer instead of leaving it hanging', async () => {
    const commit = createGroupCommit((): BatchOutcome<number>[] => [{ ok: true, value: 1 }])
    const outcomes = await Promise.allSettled([commit.add(1), commit.add(2)])
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 1 })
    expect(outcomes[1]?.status).toBe('rejected')
  })

  it('flush runs the queued batch at once, and only once', async () => {
    const { batches, commit } = createDoubler()
    const pending = commit.add(7)
    commit.flush()
    expect(batches).toEqual([[7]])
    expect(await pending).toBe(14)
    await nextTurn()
    expect(batches).toEqual([[7]])
    commit.flush()
    expect(batches).toEqual([[7]])
  })

  it('answers a batch whose run returns a promise only once it settles, and rejects all when it fails', async () => {
    let finish: (() => void) | undefined
    let failNext = false
    const commit = createGroupCommit((items: readonly number[]) => {
      const written = items.map((value): BatchOutcome<number> => ({ ok: true, value }))
      if (failNext) return Promise.reject(new Error('flush failed'))
      return new Promise<BatchOutcome<number>[]>((resolve) => {
        finish = () => resolve(written)
      })
    })
    let settled = false
    const pending = Promise.all([commit.add(1), commit.add(2)]).then((values) => {
      settled = true
      return values
    })
    await nextTurn()
    await nextTurn()
    expect(finish).toBeDefined()
    expect(settled).toBe(false)
    finish?.()
    expect(await pending).toEqual([1, 2])
    failNext = true
    const outcomes = await Promise.allSettled([commit.add(3), commit.add(4)])
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected'])
  })

  it('holds the batch while holdWhile answers a promise, and runs what was added meanwhile as one', async () => {
    const batches: number[][] = []
    let hold: Promise<void> | undefined
    let end: (() => void) | undefined
    const commit = createGroupCommit(
      (items: readonly number[]): BatchOutcome<number>[] => {
        batches.push([...items])
        return items.map((value) => ({ ok: true, value }))
      },
      () => hold,
    )
    hold = new Promise((resolve) => {
      end = resolve
    })
    const first = commit.add(1)
    await nextTurn()
    const later = [commit.add(2)]
    await nextTurn()
    later.push(commit.add(3))
    await nextTurn()
    expect(batches).toEqual([])
    hold = undefined
    end?.()
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3])
    expect(batches).toEqual([[1, 2, 3]])
    // Not held: a turn's batch runs in its turn again.
    expect(await commit.add(4)).toBe(4)
    expect(batches).toEqual([[1, 2, 3], [4]])
  })

  it('runs a held batch at flush() without waiting for the hold', async () => {
    const batches: number[][] = []
    const commit = createGroupCommit(
      (items: readonly number[]): BatchOutcome<number>[] => {
        batches.push([...items])
        return items.map((value) => ({ ok: true, value }))
      },
      () => new Promise<void>(() => {}),
    )
    const pending = commit.add(1)
    await nextTurn()
    expect(batches).toEqual([])
    commit.flush()
    expect(await pending).toBe(1)
    expect(batches).toEqual([[1]])
  })
})
