import { afterEach, describe, expect, it, vi } from 'vitest'
import { runAttempts } from '../../../demo/sandbox/delivery/attempts'
import { judgeReply } from '../../../demo/sandbox/delivery/judge-reply'

afterEach(() => {
  vi.useRealTimers()
})

describe('runAttempts (the A3 schedule)', () => {
  it('makes 3 attempts 3 s apart while they fail, then reports the last error', async () => {
    vi.useFakeTimers()
    const times: number[] = []
    const start = Date.now()
    const done = runAttempts({
      attempts: 3,
      intervalMs: 3000,
      run: async (attempt) => {
        times.push(Date.now() - start)
        return { ok: false, error: `failure ${attempt}` }
      },
    })
    await vi.advanceTimersByTimeAsync(2999)
    expect(times).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    expect(times).toEqual([0, 3000])
    await vi.advanceTimersByTimeAsync(3000)
    expect(await done).toEqual({ ok: false, attempts: 3, error: 'failure 3' })
    expect(times).toEqual([0, 3000, 6000])
  })

  it('stops at the first valid positive response', async () => {
    vi.useFakeTimers()
    const run = vi.fn(async (attempt: number) =>
      attempt === 2 ? { ok: true as const } : { ok: false as const, error: 'no' },
    )
    const done = runAttempts({ attempts: 3, intervalMs: 3000, run })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await done).toEqual({ ok: true, attempts: 2 })
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('counts a thrown error as a failed attempt and reports every attempt', async () => {
    const seen: boolean[] = []
    const result = await runAttempts({
      attempts: 2,
      intervalMs: 0,
      run: async () => {
        throw new Error('socket hang up')
      },
      onAttempt: (_, outcome) => seen.push(outcome.ok),
    })
    expect(result).toEqual({ ok: false, attempts: 2, error: 'socket hang up' })
    expect(seen).toEqual([false, false])
  })
})

describe('judgeReply (spec 2.3)', () => {
  it('accepts only HTTP 200 with {"result":"ok"}', () => {
    expect(judgeReply({ status: 200, body: '{"result":"ok"}' }).ok).toBe(true)
    expect(judgeReply({ status: 200, body: '' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('without {"result":"ok"}'),
    })
    expect(judgeReply({ status: 200, body: 'OK' }).ok).toBe(false)
    expect(judgeReply({ status: 201, body: '{"result":"ok"}' })).toMatchObject({
      ok: false,
      error: 'the integrator answered HTTP 201',
    })
    expect(judgeReply({ status: 503, body: 'down' })).toMatchObject({ ok: false, status: 503 })
  })

  it("carries the integrator's error.message", () => {
    const outcome = judgeReply({
      status: 200,
      body: '{"error":{"code":42,"message":"Unknown recipient"}}',
    })
    expect(outcome).toMatchObject({
      ok: false,
      error: 'the integrator answered error 42: Unknown recipient',
    })
  })
})
