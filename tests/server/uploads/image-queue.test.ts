import { describe, expect, it } from 'vitest'
import { createImageQueue } from '../../../server/uploads/image-queue'
import { isUploadError } from '../../../server/uploads/upload-error'

/** A job the test finishes by hand; `started` says whether the queue gave it a slot. */
function manualJob(log: string[], name: string) {
  let finish: () => void = () => {}
  const state = { started: false }
  const work = () =>
    new Promise<string>((resolve) => {
      state.started = true
      log.push(name)
      finish = () => resolve(name)
    })
  return { work, state, finish: () => finish() }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** Finishes the jobs one by one in the order the queue started them, until `count` ran. */
async function drain(jobs: Map<string, { finish: () => void }>, log: string[], count: number) {
  for (let n = 0; n < count; n += 1) {
    await settle()
    const name = log[n]
    if (name === undefined) throw new Error(`only ${log.length} of ${count} jobs started`)
    jobs.get(name)?.finish()
  }
  await settle()
}

describe('the image queue', () => {
  it('lets another visitor’s photo go before the rest of one visitor’s pile', async () => {
    const queue = createImageQueue({ slots: 2 })
    const log: string[] = []
    const pile = Array.from({ length: 6 }, (_, n) => manualJob(log, `A${n + 1}`))
    const done = pile.map((job) => queue.run('visitor-a', job.work))
    const photo = manualJob(log, 'B1')
    const photoDone = queue.run('visitor-b', photo.work)
    await settle()
    expect(log).toEqual(['A1', 'A2'])
    expect(queue.waiting()).toBe(5)
    // The first slot that frees goes to B, not to A3.
    pile[0]?.finish()
    await settle()
    expect(log).toEqual(['A1', 'A2', 'B1'])
    photo.finish()
    expect(await photoDone).toBe('B1')
    for (const job of pile) {
      await settle()
      job.finish()
    }
    expect(await Promise.all(done)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6'])
  })

  it('takes visitors in turn when each has several waiting', async () => {
    const queue = createImageQueue({ slots: 1 })
    const log: string[] = []
    const jobs = new Map(
      ['A1', 'A2', 'A3', 'B1', 'B2', 'C1'].map((name) => [name, manualJob(log, name)]),
    )
    const done = [...jobs].map(([name, job]) => queue.run(name[0] ?? '', job.work))
    await drain(jobs, log, 6)
    await Promise.all(done)
    expect(log).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3'])
  })

  it('refuses a visitor’s image beyond their limit with 429 images_busy, others still queue', async () => {
    const queue = createImageQueue({ slots: 1, maxPerOwner: 3 })
    const log: string[] = []
    const jobs = new Map(['A0', 'A1', 'A2'].map((name) => [name, manualJob(log, name)]))
    const done = [...jobs.values()].map((job) => queue.run('a', job.work))
    const refused = await queue.run('a', manualJob(log, 'A3').work).catch((error) => error)
    expect(isUploadError(refused) && refused.code).toBe('images_busy')
    expect(isUploadError(refused) && refused.retryAfter).toBe(5)
    const other = manualJob(log, 'B0')
    jobs.set('B0', other)
    done.push(queue.run('b', other.work))
    await drain(jobs, log, 4)
    await Promise.all(done)
    expect(log).toEqual(['A0', 'B0', 'A1', 'A2'])
  })

  it('drops a waiting image whose client left, without running it or taking a slot', async () => {
    const queue = createImageQueue({ slots: 1 })
    const log: string[] = []
    const first = manualJob(log, 'first')
    const firstDone = queue.run('a', first.work)
    const gone = new AbortController()
    const left = manualJob(log, 'left')
    const leftDone = queue.run('b', left.work, gone.signal).catch((error) => error)
    const next = manualJob(log, 'next')
    const nextDone = queue.run('c', next.work)
    gone.abort()
    const refused = await leftDone
    expect(isUploadError(refused) && refused.code).toBe('upload_cancelled')
    expect(queue.waiting()).toBe(1)
    first.finish()
    await firstDone
    await settle()
    next.finish()
    await nextDone
    await settle()
    expect(left.state.started).toBe(false)
    expect(log).toEqual(['first', 'next'])
    expect(queue.running()).toBe(0)
  })

  it('refuses at once an image whose client already left', async () => {
    const queue = createImageQueue()
    const log: string[] = []
    const refused = await queue
      .run('a', manualJob(log, 'x').work, AbortSignal.abort())
      .catch((error) => error)
    expect(isUploadError(refused) && refused.code).toBe('upload_cancelled')
    expect(log).toEqual([])
  })

  it('frees the slot when the work fails', async () => {
    const queue = createImageQueue({ slots: 1 })
    await expect(queue.run('a', () => Promise.reject(new Error('bad')))).rejects.toThrow('bad')
    expect(await queue.run('a', async () => 'ok')).toBe('ok')
    await settle()
    expect(queue.running()).toBe(0)
  })
})
