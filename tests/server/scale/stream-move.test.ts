import { expect, it, vi } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import type { BackendProcess } from '../support/backend-process'
import {
  deliverAgentText,
  newVisitor,
  openVisitorStream,
  streamTexts,
  useInstancePair,
} from '../support/instance-pair'

// Streams moving between instances while agents write: the instance holding them goes
// away (a deploy, a scale-in), every stream ends, each visitor reconnects to the other
// instance with the newest id it saw. The capacity bench does the same with thousands of
// streams (docs/benchmarks.md); here a few visitors, every message checked.

const VISITORS = 12
const MESSAGES = 8
const SLOW = { timeout: 30_000, interval: 50 }

describeRedis('a visitor’s stream moving between instances', () => {
  const pair = useInstancePair()
  const deliver = (on: BackendProcess, visitorId: string, n: number) =>
    deliverAgentText(on, pair.webhookSecret, {
      visitorId,
      id: `agent-${visitorId}-${n}`,
      text: `${visitorId} ${n}`,
    })
  const stream = openVisitorStream
  const texts = streamTexts

  it('loses and repeats nothing when the instance holding the streams goes away mid-conversation', async () => {
    const { a, b } = pair
    const visitors = await Promise.all(Array.from({ length: VISITORS }, () => newVisitor(a)))
    const first = await Promise.all(visitors.map((visitor) => stream(b, visitor.token)))
    const sent = visitors.map(() => [] as string[])
    const send = (on: BackendProcess, n: number) =>
      Promise.all(
        visitors.map(async ({ visitorId }, i) => {
          await deliver(on, visitorId, n)
          sent[i]?.push(`${visitorId} ${n}`)
        }),
      )
    // Half the conversation with the streams on B, the webhooks reaching either instance.
    for (let n = 1; n <= MESSAGES / 2; n++) await send(n % 2 ? a : b, n)
    // B shuts down while the service keeps writing through A.
    const writing = (async () => {
      for (let n = MESSAGES / 2 + 1; n <= MESSAGES; n++) await send(a, n)
    })()
    await b.stop()
    await vi.waitFor(() => expect(first.every((connection) => connection.ended)).toBe(true), SLOW)
    // Each browser reconnects to A with the newest id it saw.
    const second = await Promise.all(
      visitors.map((visitor, i) => {
        const lastSeen = first[i]?.events.filter((event) => event.id !== undefined).at(-1)?.id
        return stream(a, visitor.token, lastSeen)
      }),
    )
    await writing
    await vi.waitFor(() => {
      visitors.forEach((_, i) => {
        const before = first[i] ? texts(first[i]) : []
        const after = second[i] ? texts(second[i]) : []
        expect([...before, ...after]).toEqual(sent[i])
      })
    }, SLOW)
    for (const connection of second) connection.close()
  }, 90_000)
})
