import { randomBytes } from 'node:crypto'
import { eachLimit } from '../net'
import { identityHash, portholeClient } from '../porthole-client'
import { rowOf } from '../report'
import { openReader } from '../sse-reader'
import { tally } from '../tally'
import { drillText, exitNotes, type Scenario, withStack } from './context'
import { textsOf } from './keys'

/** The last message, sent after the others: the second device's first page must hold it. */
const NEWEST = 'drill device: newest'

/**
 * Row 3: a logged-in customer (identity verification) with a long conversation opens
 * the chat on a second device: the stream without an id must start at the newest page,
 * and GET /api/history must page back through all of it.
 */
export const deviceScenario: Scenario = async (context) => {
  const n = context.plan.deviceMessages
  const secret = randomBytes(24).toString('hex')
  return withStack(context, { IDENTITY_SECRET: secret }, async (stack) => {
    const api = portholeClient(stack.backendUrl)
    const userId = 'drill-user-42'
    const user = { id: userId, hash: identityHash(secret, userId), name: 'Drill Customer' }
    const first = await api.session({ user })
    const deadline = Date.now() + 120_000

    context.log(`device: ${n} messages on the first device (half the customer's, half the agent's)`)
    const customer = Array.from({ length: Math.ceil(n / 2) }, (_, i) =>
      drillText('device-customer', i),
    )
    const agent = Array.from({ length: n - customer.length }, (_, i) =>
      drillText('device-agent', i),
    )
    const refused: string[] = []
    await Promise.all([
      eachLimit(customer, 4, async (text, i) => {
        const outcome = await api.send(first.token, `drill-device-${i}`, text, deadline)
        if (outcome.status !== 200 && outcome.status !== 202)
          refused.push(`${text}: ${outcome.state}`)
      }),
      eachLimit(agent, 4, async (text, i) => {
        await api.hook(stack.webhookSecret, stack.channelId, first.visitorId, `device-${i}`, text)
      }),
    ])
    const last = await api.send(first.token, 'drill-device-last', NEWEST, deadline)
    const newestId = last.entries.at(-1)?.id

    context.log('device: the second device')
    const openedAt = Date.now()
    const second = await api.session({ user })
    if (second.visitorId !== first.visitorId)
      throw new Error(
        `the second device got visitor ${second.visitorId}, not ${first.visitorId}: identity verification did not find the same customer`,
      )
    const stream = openReader({ base: stack.backendUrl, token: second.token })
    await stream.until(() => stream.entries.length > 0, 15_000)
    await stream.quiet(1500, 30_000)
    stream.close()
    const page = stream.entries
    const holdsNewest = newestId !== undefined && page.some((entry) => entry.id === newestId)
    const oldest = page[0]?.id
    const history = await api.allHistory(second.token, oldest)
    const row = rowOf(
      `3. second device, ${n} messages`,
      tally(
        [...customer, ...agent],
        [...textsOf(history.entries), ...textsOf(page)].filter((text) => text !== NEWEST),
      ),
      Date.now() - openedAt,
      [
        `the stream without an id gave ${page.length} entries, ${holdsNewest ? 'ending with' : 'NOT holding'} the newest; ${history.pages} history page(s) gave ${history.entries.length}`,
        ...(refused.length > 0
          ? [`${refused.length} customer messages refused, e.g. ${refused.slice(0, 3).join('; ')}`]
          : []),
        ...(stream.lastError() ? [`stream: ${stream.lastError()}`] : []),
        ...exitNotes(stack),
      ],
    )
    if (!holdsNewest)
      row.error = "the second device's first stream page did not hold the newest entry"
    return [row]
  })
}
