import { describe, expect, it, vi } from 'vitest'
import { createRedisFanOut } from '../../../server/store/redis/fan-out'
import { redisKeys } from '../../../server/store/redis/keys'
import { compareStreamIds } from '../../../server/store/redis/stream-id'
import type { VisitorEvent } from '../../../server/store/types'
import type { ConversationEntry } from '../../../shared/widget-api'
import { REAL_WORK } from '../../support/timeouts'

// The fan-out's ordering rules, driven by hand: no Redis, every interleaving chosen.

type MessageListener = (message: string, channel: string) => void

function createEntry(id: string): ConversationEntry {
  return { id, author: 'agent', content: { type: 'text', text: `entry ${id}` }, at: 1 }
}

function wire(entry: ConversationEntry): string {
  const { id, ...rest } = entry
  return `m${id}\n${JSON.stringify(rest)}`
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function createHarness(known?: (message: string) => VisitorEvent | undefined) {
  const keys = redisKeys('p:')
  const log: ConversationEntry[] = []
  const channels = new Map<string, MessageListener>()
  const subscribeGate = deferred<void>()
  let newestGate: Promise<string> | undefined
  const readGates: Promise<void>[] = []
  const subscribeFailures: Error[] = []
  let reads = 0
  const onError = vi.fn()
  const fanOut = createRedisFanOut({
    keys,
    onError,
    ...(known ? { known } : {}),
    subscriber: {
      async subscribe(channel, listener) {
        await subscribeGate.promise
        const failure = subscribeFailures.shift()
        if (failure) throw failure
        channels.set(channel, listener)
      },
      async unsubscribe(channel) {
        channels.delete(channel)
      },
    },
    newestId: () => newestGate ?? Promise.resolve(log.at(-1)?.id ?? '0-0'),
    // Read at call time; the reply may be held back by the next gate, as a slow Redis would.
    readAfter: async (_visitor, afterId, limit) => {
      reads += 1
      const snapshot = log.filter((entry) => compareStreamIds(entry.id, afterId) > 0)
      await readGates.shift()
      return snapshot.slice(0, limit)
    },
  })
  /** A listener of visitor `v`: the events it gets. */
  const listen = (): VisitorEvent[] => {
    const events: VisitorEvent[] = []
    fanOut.subscribe('v', (event) => events.push(event))
    return events
  }
  return {
    fanOut,
    listen,
    /** A listener of `v` once its subscription is live (SUBSCRIBE let through). */
    liveListener: async (): Promise<VisitorEvent[]> => {
      subscribeGate.resolve()
      const events = listen()
      await fanOut.ready('v')
      return events
    },
    log,
    onError,
    keys,
    openSubscribe: () => subscribeGate.resolve(),
    /** How many times the log was read. */
    reads: () => reads,
    /** The next SUBSCRIBE fails (and the listener is forgotten), as node-redis does. */
    failNextSubscribe: (error: Error) => {
      subscribeFailures.push(error)
    },
    /** Holds back the reply of the next log read until the returned function is called. */
    gateNextRead: () => {
      const gate = deferred<void>()
      readGates.push(gate.promise)
      return () => gate.resolve()
    },
    setNewest: (promise: Promise<string> | undefined) => {
      newestGate = promise
    },
    /** What Redis would push on the visitor's channel. */
    push(visitorId: string, entry: ConversationEntry) {
      channels.get(keys.channel(visitorId))?.(wire(entry), keys.channel(visitorId))
    },
    pushRaw(visitorId: string, message: string) {
      channels.get(keys.channel(visitorId))?.(message, keys.channel(visitorId))
    },
    isSubscribed: (visitorId: string) => channels.has(keys.channel(visitorId)),
  }
}

function ids(events: VisitorEvent[]): string[] {
  return events.map((event) => (event.event === 'message' ? event.data.id : event.event))
}

describe('redis fan-out', () => {
  it('delivers what was appended before SUBSCRIBE took effect, then live events, once each', async () => {
    const h = createHarness()
    h.log.push(createEntry('1-0'))
    const events = h.listen()
    // Appended after subscribe() but before the SUBSCRIBE is in effect.
    h.log.push(createEntry('2-0'), createEntry('3-0'))
    h.openSubscribe()
    // Live messages that race the catch-up: 3-0 again, and the new 4-0.
    h.log.push(createEntry('4-0'))
    await vi.waitFor(() => expect(h.isSubscribed('v')).toBe(true), REAL_WORK)
    h.push('v', createEntry('3-0'))
    h.push('v', createEntry('4-0'))
    await h.fanOut.ready('v')
    h.log.push(createEntry('5-0'))
    h.push('v', createEntry('5-0'))
    expect(ids(events)).toEqual(['2-0', '3-0', '4-0', '5-0'])
  })

  it('catches up after the subscriber reconnects, skipping what was delivered live', async () => {
    const h = createHarness()
    const events = await h.liveListener()
    h.log.push(createEntry('1-0'))
    h.push('v', createEntry('1-0'))
    // The connection drops; 2-0 and 3-0 are appended meanwhile; 3-0 also arrives live
    // on the fresh connection while the catch-up runs.
    h.log.push(createEntry('2-0'), createEntry('3-0'))
    const catching = h.fanOut.catchUp()
    h.push('v', createEntry('3-0'))
    await catching
    h.log.push(createEntry('4-0'))
    h.push('v', createEntry('4-0'))
    expect(ids(events)).toEqual(['1-0', '2-0', '3-0', '4-0'])
  })

  it('holds live events from the moment the connection drops until the catch-up is done', async () => {
    const h = createHarness()
    const events = await h.liveListener()
    h.log.push(createEntry('1-0'))
    h.push('v', createEntry('1-0'))
    h.fanOut.suspend()
    // 2-0 and 3-0 were appended while the connection was down; 4-0 arrives live on the
    // new connection before the catch-up starts: it must not hide 2-0 and 3-0.
    h.log.push(createEntry('2-0'), createEntry('3-0'), createEntry('4-0'))
    h.push('v', createEntry('4-0'))
    expect(ids(events)).toEqual(['1-0'])
    await h.fanOut.catchUp()
    expect(ids(events)).toEqual(['1-0', '2-0', '3-0', '4-0'])
  })

  it('keeps holding live events while a catch-up after a lost connection is pending', async () => {
    const h = createHarness()
    const releaseStartRead = h.gateNextRead()
    const releaseCatchUpRead = h.gateNextRead()
    const events = h.listen()
    h.log.push(createEntry('1-0'))
    h.openSubscribe()
    await vi.waitFor(() => expect(h.isSubscribed('v')).toBe(true), REAL_WORK)
    // The start's read is in flight when the connection drops; 2-0 lands in the gap.
    h.fanOut.suspend()
    h.log.push(createEntry('2-0'))
    const catching = h.fanOut.catchUp()
    h.log.push(createEntry('3-0'))
    h.push('v', createEntry('3-0'))
    releaseStartRead()
    await vi.waitFor(() => expect(ids(events)).toEqual(['1-0']), REAL_WORK)
    // 3-0 stays held: delivering it now would hide 2-0 from the pending catch-up.
    h.log.push(createEntry('4-0'))
    h.push('v', createEntry('4-0'))
    expect(ids(events)).toEqual(['1-0'])
    releaseCatchUpRead()
    await catching
    expect(ids(events)).toEqual(['1-0', '2-0', '3-0', '4-0'])
  })

  it('reports a failed start to readers and does not replay history on the next catch-up', async () => {
    const h = createHarness()
    h.log.push(createEntry('1-0'), createEntry('2-0'))
    h.setNewest(Promise.reject(new Error('Redis is away')))
    h.openSubscribe()
    const events = h.listen()
    await expect(h.fanOut.ready('v')).rejects.toThrow(/away/)
    h.setNewest(undefined)
    await h.fanOut.catchUp()
    expect(events).toEqual([])
    h.log.push(createEntry('3-0'))
    h.push('v', createEntry('3-0'))
    expect(ids(events)).toEqual(['3-0'])
  })

  it('delivers what a reader was given before returning it, so its live copies are not delivered after', async () => {
    const h = createHarness()
    const events = await h.liveListener()
    h.log.push(createEntry('1-0'))
    h.push('v', createEntry('1-0'))
    // 2-0 and 3-0 are in the log, and a read (a stream's replay) returned them before
    // their pub/sub copies arrived: the commands connection overtook the pub/sub one.
    h.log.push(createEntry('2-0'), createEntry('3-0'))
    await h.fanOut.reached('v', '3-0')
    expect(ids(events)).toEqual(['1-0', '2-0', '3-0'])
    // The copies arrive late: the reader has them, and so have the listeners, once.
    h.push('v', createEntry('2-0'))
    h.push('v', createEntry('3-0'))
    h.log.push(createEntry('4-0'))
    h.push('v', createEntry('4-0'))
    expect(ids(events)).toEqual(['1-0', '2-0', '3-0', '4-0'])
    // A read of nothing newer costs no read of the log.
    const reads = h.reads()
    await h.fanOut.reached('v', '2-0')
    expect(h.reads()).toBe(reads)
    expect(ids(events)).toEqual(['1-0', '2-0', '3-0', '4-0'])
  })

  it('holds live events while it delivers what a reader was given, so none overtakes it', async () => {
    const h = createHarness()
    const events = await h.liveListener()
    h.log.push(createEntry('1-0'), createEntry('2-0'))
    const releaseRead = h.gateNextRead()
    const reaching = h.fanOut.reached('v', '2-0')
    // While the log is read, 3-0 arrives live (its copy, and 1-0's and 2-0's, were slower).
    h.log.push(createEntry('3-0'))
    h.push('v', createEntry('3-0'))
    expect(ids(events)).toEqual([])
    releaseRead()
    await reaching
    h.push('v', createEntry('1-0'))
    h.push('v', createEntry('2-0'))
    expect(ids(events)).toEqual(['1-0', '2-0', '3-0'])
  })

  it('subscribes again after a failed SUBSCRIBE and starts where the subscription began', async () => {
    const h = createHarness()
    h.openSubscribe()
    h.log.push(createEntry('1-0'))
    h.failNextSubscribe(new Error('NOAUTH Authentication required.'))
    const events = h.listen()
    await expect(h.fanOut.ready('v')).rejects.toThrow(/NOAUTH/)
    expect(h.isSubscribed('v')).toBe(false)
    // Appended while the subscription is down; the next catch-up subscribes and delivers it.
    h.log.push(createEntry('2-0'))
    await h.fanOut.catchUp()
    expect(h.isSubscribed('v')).toBe(true)
    await expect(h.fanOut.ready('v')).resolves.toBeUndefined()
    h.log.push(createEntry('3-0'))
    h.push('v', createEntry('3-0'))
    expect(ids(events)).toEqual(['2-0', '3-0'])
  })

  it('starts a failed subscription again when another listener joins it', async () => {
    const h = createHarness()
    h.openSubscribe()
    h.failNextSubscribe(new Error('Socket closed unexpectedly'))
    const first: VisitorEvent[] = []
    h.fanOut.subscribe('v', (event) => first.push(event))
    await expect(h.fanOut.ready('v')).rejects.toThrow(/closed/)
    h.log.push(createEntry('1-0'))
    const second: VisitorEvent[] = []
    h.fanOut.subscribe('v', (event) => second.push(event))
    await h.fanOut.ready('v')
    h.log.push(createEntry('2-0'))
    h.push('v', createEntry('2-0'))
    expect(ids(first)).toEqual(['1-0', '2-0'])
    expect(ids(second)).toEqual(['1-0', '2-0'])
  })

  it('shares one channel between listeners and leaves it with the last one', async () => {
    const h = createHarness()
    h.openSubscribe()
    const one: VisitorEvent[] = []
    const two: VisitorEvent[] = []
    const stopOne = h.fanOut.subscribe('v', (event) => one.push(event))
    const stopTwo = h.fanOut.subscribe('v', (event) => two.push(event))
    await h.fanOut.ready('v')
    h.push('v', createEntry('1-0'))
    stopOne()
    expect(h.isSubscribed('v')).toBe(true)
    h.push('v', createEntry('2-0'))
    stopTwo()
    await vi.waitFor(() => expect(h.isSubscribed('v')).toBe(false), REAL_WORK)
    expect(ids(one)).toEqual(['1-0'])
    expect(ids(two)).toEqual(['1-0', '2-0'])
    expect(h.fanOut.ready('v')).toBeUndefined()
  })

  it('delivers transient events in arrival order and reports a throwing listener', async () => {
    const h = createHarness()
    h.openSubscribe()
    const events: VisitorEvent[] = []
    h.fanOut.subscribe('v', () => {
      throw new Error('listener bug')
    })
    h.fanOut.subscribe('v', (event) => events.push(event))
    await h.fanOut.ready('v')
    h.push('v', createEntry('1-0'))
    h.pushRaw('v', `t${JSON.stringify({ event: 'typing', data: { typing: true } })}`)
    h.pushRaw('v', 'not a message of ours')
    h.push('v', createEntry('2-0'))
    expect(ids(events)).toEqual(['1-0', 'typing', '2-0'])
    expect(h.onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener bug' }))
    expect(h.onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/unreadable pub\/sub message/) }),
    )
  })

  it('takes a message it knows (its own) as it is, decodes the others, and says which visitors it listens to', async () => {
    const own = createEntry('5-0')
    const h = createHarness((message) =>
      message === 'own' ? { event: 'message', data: own } : undefined,
    )
    expect(h.fanOut.listening('v')).toBe(false)
    const events = await h.liveListener()
    expect(h.fanOut.listening('v')).toBe(true)
    expect(h.fanOut.listening('w')).toBe(false)
    h.pushRaw('v', 'own')
    h.push('v', createEntry('6-0'))
    expect(events.map((e) => e.event === 'message' && e.data)).toEqual([own, createEntry('6-0')])
    expect(events[0]?.event === 'message' && events[0].data).toBe(own)
    expect(h.onError).not.toHaveBeenCalled()
  })
})
