import { eachLimit } from '../net'
import { entryText, portholeClient } from '../porthole-client'
import { rowOf } from '../report'
import { openReader } from '../sse-reader'
import { outOfOrder, tally } from '../tally'
import { drillText, exitNotes, type Scenario, withStack } from './context'

/**
 * Row 1: a long conversation replayed to a slow reader. N agent entries are stored
 * (A3 webhooks, in order), then a raw HTTP reader that takes a few KB per tick resumes
 * from the entry before them: all N must arrive, once each, in order.
 */
export const replayScenario: Scenario = async (context) => {
  const { plan, log } = context
  const n = plan.replayEntries
  return withStack(context, { RETENTION_MAX_ENTRIES: String(n + 100) }, async (stack) => {
    const api = portholeClient(stack.backendUrl)
    const visitor = await api.session()
    const start = await api.send(
      visitor.token,
      'drill-replay-start',
      'drill replay: start',
      Date.now() + 30_000,
    )
    const startId = start.entries[0]?.id
    if (!startId)
      throw new Error(`POST /api/messages answered ${start.status} ${start.state} without an entry`)

    log(`replay: storing ${n} entries`)
    const texts = Array.from({ length: n }, (_, i) => drillText('replay', i))
    // Ordered: one webhook at a time per lane, lanes take consecutive blocks.
    const lanes = 4
    const block = Math.ceil(n / lanes)
    const seedStart = Date.now()
    await eachLimit(
      Array.from({ length: lanes }, (_, lane) => lane),
      lanes,
      async (lane) => {
        for (let i = lane * block; i < Math.min(n, (lane + 1) * block); i += 1)
          await api.hook(
            stack.webhookSecret,
            stack.channelId,
            visitor.visitorId,
            `replay-${i}`,
            texts[i] ?? '',
          )
      },
    )
    const seedMs = Date.now() - seedStart

    log(`replay: reading them at ${plan.readerBytesPerTick} bytes every ${plan.readerTickMs} ms`)
    const opened = Date.now()
    const reader = openReader({
      base: stack.backendUrl,
      token: visitor.token,
      lastEventId: startId,
      bytesPerTick: plan.readerBytesPerTick,
      tickMs: plan.readerTickMs,
    })
    const expected = new Set(texts)
    const received = () =>
      reader.entries.map(entryText).filter((t): t is string => t !== undefined && expected.has(t))
    const seen = new Set<string>()
    let checked = 0
    const complete = () => {
      for (; checked < reader.entries.length; checked += 1) {
        const entry = reader.entries[checked]
        const text = entry && entryText(entry)
        if (text && expected.has(text)) seen.add(text)
      }
      return seen.size >= n
    }
    // Waits while the replay makes progress: 30 s without a new entry is a stall.
    const stallMs = 30_000
    while (!(await reader.until(complete, 5000))) {
      const lastProgress = reader.arrivals.at(-1) ?? opened
      if (Date.now() - lastProgress > stallMs || Date.now() - opened > 600_000) break
    }
    // Anything arriving late or twice shows up in this second.
    await reader.quiet(1000, 5000)
    reader.close()
    const arrivals = received()
    const lastAt = reader.arrivals.at(-1) ?? Date.now()
    const counted = tally(texts, arrivals)
    // Lanes stored blocks concurrently: order is checked within each lane's block.
    const disorder = Array.from({ length: lanes }, (_, lane) =>
      outOfOrder(texts.slice(lane * block, (lane + 1) * block), arrivals),
    ).reduce((a, b) => a + b, 0)
    const notes = [
      `RETENTION_MAX_ENTRIES=${n + 100}; stored in ${(seedMs / 1000).toFixed(1)} s; reader ${plan.readerBytesPerTick} B per ${plan.readerTickMs} ms, ${(reader.bytes() / 1024).toFixed(0)} KB over ${reader.connections()} connection(s)`,
      `${disorder} out of order`,
      ...(reader.lastError() ? [`last stream error: ${reader.lastError()}`] : []),
      ...exitNotes(stack),
    ]
    const row = rowOf(`1. replay ${n} to a throttled reader`, counted, lastAt - opened, notes)
    if (disorder > 0) row.error = `${disorder} entries arrived out of order`
    return [row]
  })
}
