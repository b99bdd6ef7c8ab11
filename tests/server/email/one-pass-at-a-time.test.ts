import { describe, expect, it } from 'vitest'
import { onePassAtATime } from '../../../server/email/one-pass-at-a-time'
import { createLogger } from '../../../server/logging/logger'

describe('onePassAtATime', () => {
  it('joins the pass under way instead of starting a second, and starts anew once it ended', async () => {
    let started = 0
    let finish: (done: number) => void = () => {}
    const passes = onePassAtATime(createLogger({ write: () => {} }), 'failed', (n: number) => {
      started += 1
      return new Promise<number>((resolve) => {
        finish = () => resolve(n)
      })
    })
    const first = passes.run(1)
    const joined = passes.run(2)
    expect(joined).toBe(first)
    expect(passes.current).toBe(first)
    finish(0)
    expect(await joined).toBe(1)
    expect(passes.current).toBeUndefined()
    const next = passes.run(3)
    finish(0)
    expect(await next).toBe(3)
    expect(started).toBe(2)
  })

  it('logs a failed pass and counts it as 0 done, never throwing', async () => {
    const lines: string[] = []
    const passes = onePassAtATime(
      createLogger({ write: (line) => lines.push(line) }),
      'sweep failed',
      async () => {
        throw new Error('disk gone')
      },
    )
    expect(await passes.run()).toBe(0)
    expect(lines.join('\n')).toContain('sweep failed')
    expect(lines.join('\n')).toContain('disk gone')
    expect(passes.current).toBeUndefined()
  })
})
