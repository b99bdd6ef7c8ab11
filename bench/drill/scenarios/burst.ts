import { eachLimit, pollUntil } from '../net'
import { entryText, portholeClient } from '../porthole-client'
import { rowOf } from '../report'
import { agentDeliveries, sandboxClient } from '../sandbox-client'
import { openReader } from '../sse-reader'
import { tally } from '../tally'
import { drillText, exitNotes, type Scenario, withStack } from './context'
import { messageIdsOf as keysOf } from './keys'

/**
 * Row 2: an agent burst through the sandbox (console API → A3) into an open chat with a
 * live stream, then a reload: with the last id the stream saw, and without an id plus
 * GET /api/history paging. Every path must reach every message once.
 */
export const burstScenario: Scenario = async (context) => {
  const n = context.plan.burstMessages
  return withStack(context, undefined, async (stack) => {
    const api = portholeClient(stack.backendUrl)
    const sandbox = sandboxClient(stack.sandboxUrl)
    const visitor = await api.session()
    await api.send(visitor.token, 'drill-burst-hello', 'drill burst: hello', Date.now() + 30_000)
    const chat = await sandbox.chatOf(visitor.visitorId)
    const anna = await sandbox.agentId('Anna')
    const live = openReader({ base: stack.backendUrl, token: visitor.token })
    const opened = await live.until(
      () => live.entries.some((entry) => entryText(entry) === 'drill burst: hello'),
      15_000,
    )
    if (!opened)
      throw new Error(
        `the live stream never showed the chat's first message (${live.lastError() ?? 'no error'})`,
      )

    context.log(`burst: ${n} agent messages through the sandbox`)
    const burstStart = Date.now()
    const ids: string[] = []
    await eachLimit(
      Array.from({ length: n }, (_, i) => i),
      50,
      async (i) => {
        ids[i] = await sandbox.sendText(chat.id, anna, drillText('burst', i))
      },
    )
    const wanted = new Set(ids)
    let deliveries = agentDeliveries(await sandbox.chat(chat.id))
    await pollUntil(
      async () => {
        deliveries = agentDeliveries(await sandbox.chat(chat.id)).filter((d) => wanted.has(d.id))
        return deliveries.every((d) => d.status === 'delivered' || d.status === 'failed')
      },
      120_000,
      500,
    )
    await live.until(() => new Set(keysOf(live.entries)).size >= n, 15_000)
    await live.quiet(1000, 5000)
    live.close()
    const liveKeys = keysOf(live.entries)
    const failed = deliveries.filter((d) => d.status === 'failed').length
    const sandboxNote = `the sandbox reports ${deliveries.length - failed} delivered, ${failed} failed after its 3 attempts`
    const liveRow = rowOf(
      `2a. burst ${n}: live stream`,
      tally(ids, liveKeys),
      (live.arrivals.at(-1) ?? Date.now()) - burstStart,
      [sandboxNote, ...(live.lastError() ? [`stream: ${live.lastError()}`] : [])],
    )

    context.log('burst: reload with the last id')
    const resumeAt = Date.now()
    const resumed = openReader({
      base: stack.backendUrl,
      token: visitor.token,
      ...(live.lastEventId() ? { lastEventId: live.lastEventId() } : {}),
    })
    await resumed.quiet(1500, 30_000)
    resumed.close()
    const resumeRow = rowOf(
      `2b. burst ${n}: reload with last id`,
      tally(ids, [...liveKeys, ...keysOf(resumed.entries)]),
      (resumed.arrivals.at(-1) ?? resumeAt) - resumeAt,
      [
        `live stream + ${resumed.entries.length} entries after the reload (duplicates: entries both gave)`,
      ],
    )

    context.log('burst: reload without an id, then history')
    const freshAt = Date.now()
    const fresh = openReader({ base: stack.backendUrl, token: visitor.token })
    await fresh.until(() => fresh.entries.length > 0, 15_000)
    await fresh.quiet(1500, 30_000)
    fresh.close()
    const oldest = fresh.entries[0]?.id
    const history = await api.allHistory(visitor.token, oldest)
    const historyRow = rowOf(
      `2c. burst ${n}: reload without id + history`,
      tally(ids, [...keysOf(history.entries), ...keysOf(fresh.entries)]),
      Date.now() - freshAt,
      [
        `the stream gave the newest ${fresh.entries.length} entries, ${history.pages} history page(s) the other ${history.entries.length}`,
        ...exitNotes(stack),
      ],
    )
    return [liveRow, resumeRow, historyRow]
  })
}
