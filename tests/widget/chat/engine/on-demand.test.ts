import { describe, expect, it, vi } from 'vitest'
import { later, onDemand } from '../../../../widget/chat/engine/on-demand'
import { REAL_WORK } from '../../../support/timeouts'

describe('onDemand', () => {
  it('loads once, however many ask, and only when first asked', async () => {
    const load = vi.fn(async () => ({ answer: 42 }))
    const get = onDemand(load)
    expect(load).not.toHaveBeenCalled()
    const [first, second] = await Promise.all([get(), get()])
    expect(first).toBe(second)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries a failed load again at the next call (the network came back)', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('module')
    const get = onDemand(load)
    await expect(get()).rejects.toThrow(/Failed to fetch/)
    await expect(get()).resolves.toBe('module')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('later', () => {
  it('runs the calls made while its chunk loads, in the order made', async () => {
    const calls: string[] = []
    let arrive: (helper: { say(text: string): void }) => void = () => {}
    const helper = later(
      () =>
        new Promise<{ say(text: string): void }>((resolve) => {
          arrive = resolve
        }),
    )
    helper.run((loaded) => loaded.say('typein'))
    helper.run((loaded) => loaded.say('more'))
    helper.ifMade((loaded) => loaded.say('typeout'))
    expect(calls).toEqual([])
    arrive({ say: (text) => calls.push(text) })
    await vi.waitFor(() => expect(calls).toEqual(['typein', 'more', 'typeout']), REAL_WORK)
  })

  it('ifMade never loads the chunk (stopping what never started costs nothing)', async () => {
    const make = vi.fn(async () => ({ stop: vi.fn() }))
    const helper = later(make)
    helper.ifMade((loaded) => loaded.stop())
    await Promise.resolve()
    expect(make).not.toHaveBeenCalled()
  })

  it('drops the calls of a load that failed, and loads again at the next run', async () => {
    const said: string[] = []
    const make = vi
      .fn<() => Promise<{ say(text: string): void }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ say: (text) => said.push(text) })
    const helper = later(make)
    helper.run((loaded) => loaded.say('lost'))
    await vi.waitFor(() => expect(make).toHaveBeenCalledTimes(1), REAL_WORK)
    await Promise.resolve()
    helper.run((loaded) => loaded.say('again'))
    await vi.waitFor(() => expect(said).toEqual(['again']), REAL_WORK)
    expect(make).toHaveBeenCalledTimes(2)
  })
})
