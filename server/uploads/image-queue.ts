import { UploadError } from './upload-error'

/** Images decoded at once per process: a 40 MP image takes about 160 MB while it is. */
export const MAX_CONCURRENT_IMAGES = 2
/** Images one visitor may have waiting or in work at once; beyond, 429 `images_busy`. */
export const MAX_IMAGES_PER_VISITOR = 16

type Job = {
  owner: string
  start: () => void
}

export type ImageQueue = {
  /**
   * Runs `work` in a slot, when its owner's turn comes: among the owners with images
   * waiting, those with the fewest in work go first, in turn, so one visitor's pile never
   * holds up another's photo. With `signal` aborted while waiting, the job leaves the queue
   * without running (UploadError `upload_cancelled`); while it runs, `work` gets the signal
   * to stop between stages.
   */
  run<T>(owner: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T>
  /** Images in work now (metrics, tests). */
  running(): number
  /** Images waiting for a slot. */
  waiting(): number
}

export function cancelled(): UploadError {
  return new UploadError(
    'upload_cancelled',
    'The upload was cancelled: the connection closed before the image was processed.',
  )
}

/**
 * A fair queue for image work: `slots` at a time, at most `maxPerOwner` per owner (a
 * visitor) waiting or in work.
 *
 * @example const image = await queue.run(visitorId, () => reencode(...), request.signal)
 */
export function createImageQueue(
  options: { slots?: number; maxPerOwner?: number } = {},
): ImageQueue {
  const slots = options.slots ?? MAX_CONCURRENT_IMAGES
  const maxPerOwner = options.maxPerOwner ?? MAX_IMAGES_PER_VISITOR
  /** Waiting jobs per owner; the map's order is the owners' turn. */
  const waiting = new Map<string, Job[]>()
  const inWork = new Map<string, number>()
  /** When each owner with images here was last given a slot (a counter): the longest unserved go first. */
  const served = new Map<string, number>()
  let turns = 0
  let running = 0

  const countOf = (owner: string) => (inWork.get(owner) ?? 0) + (waiting.get(owner)?.length ?? 0)

  // Fewest in work first; among those, the one served longest ago (or never).
  const before = (a: string, b: string) => {
    const work = (inWork.get(a) ?? 0) - (inWork.get(b) ?? 0)
    if (work !== 0) return work < 0
    return (served.get(a) ?? -1) < (served.get(b) ?? -1)
  }

  function next(): Job | undefined {
    let chosen: string | undefined
    for (const owner of waiting.keys())
      if (chosen === undefined || before(owner, chosen)) chosen = owner
    if (chosen === undefined) return undefined
    const jobs = waiting.get(chosen) ?? []
    const job = jobs.shift()
    if (jobs.length === 0) waiting.delete(chosen)
    turns += 1
    served.set(chosen, turns)
    return job
  }

  function dispatch(): void {
    while (running < slots) {
      const job = next()
      if (!job) return
      running += 1
      inWork.set(job.owner, (inWork.get(job.owner) ?? 0) + 1)
      job.start()
    }
  }

  function finish(owner: string): void {
    running -= 1
    const left = (inWork.get(owner) ?? 1) - 1
    if (left > 0) inWork.set(owner, left)
    else inWork.delete(owner)
    if (left <= 0 && !waiting.has(owner)) served.delete(owner)
    dispatch()
  }

  return {
    run<T>(owner: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(cancelled())
      if (countOf(owner) >= maxPerOwner) {
        return Promise.reject(
          new UploadError(
            'images_busy',
            `You have ${maxPerOwner} images being processed already: send more once they are done.`,
            { retryAfter: 5 },
          ),
        )
      }
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          const jobs = waiting.get(owner)
          const at = jobs?.indexOf(job) ?? -1
          if (jobs && at >= 0) {
            jobs.splice(at, 1)
            if (jobs.length === 0) waiting.delete(owner)
            if (!inWork.has(owner) && !waiting.has(owner)) served.delete(owner)
            reject(cancelled())
          }
        }
        const job: Job = {
          owner,
          start() {
            signal?.removeEventListener('abort', onAbort)
            work()
              .then(resolve, reject)
              .finally(() => finish(owner))
          },
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        const jobs = waiting.get(owner)
        if (jobs) jobs.push(job)
        else waiting.set(owner, [job])
        dispatch()
      })
    },
    running: () => running,
    waiting: () => [...waiting.values()].reduce((sum, jobs) => sum + jobs.length, 0),
  }
}
