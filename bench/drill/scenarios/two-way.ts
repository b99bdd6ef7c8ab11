import { eachLimit, pollUntil, sleep } from '../net'
import { portholeClient, type SendOutcome } from '../porthole-client'
import { type RowResult, rowOf } from '../report'
import { agentDeliveries, customerTexts, sandboxClient } from '../sandbox-client'
import { openReader } from '../sse-reader'
import type { Stack } from '../stack'
import { tally, unionTally } from '../tally'
import { answerSummary } from './answers'
import { drillText, exitNotes, type ScenarioContext } from './context'
import { messageIdsOf } from './keys'

export type Fault = {
  /** Row label, e.g. "5. kill -9 backend". */
  label: string
  /** What breaks (kill -9 of the backend, of redis-server). */
  down(): Promise<void>
  /** Brings it back; resolves when it serves again. */
  up(): Promise<void>
  /** How long it stays broken (default: the plan's downMs). */
  downMs?: number
  /**
   * The fault may outlast the service's A3 retries (3 attempts 3 s apart): an agent
   * message the sandbox reports failed (the agent was told) is not counted as lost, and
   * must not be in the visitor's log either (stored after the service gave up).
   */
  outlastsRetries?: boolean
}

/**
 * Messages both ways while `fault` strikes: customer messages (POST /api/messages, sent
 * like the widget, retried with the same id) counted at the sandbox by text, and agent
 * messages (the sandbox's console → A3) counted in the visitor's log by the sandbox's
 * message id. The fault strikes once a third of the customer messages were answered.
 */
export async function twoWayUnderFault(
  context: ScenarioContext,
  stack: Stack,
  fault: Fault,
  tag: string,
): Promise<RowResult[]> {
  const n = context.plan.crashMessages
  const api = portholeClient(stack.backendUrl)
  const sandbox = sandboxClient(stack.sandboxUrl)
  const visitor = await api.session()
  const hello = await api.send(
    visitor.token,
    `drill-${tag}-hello`,
    `drill ${tag}: hello`,
    Date.now() + 30_000,
  )
  const helloId = hello.entries[0]?.id
  if (!helloId)
    throw new Error(`POST /api/messages answered ${hello.status} ${hello.state} without an entry`)
  const chat = await sandbox.chatOf(visitor.visitorId)
  const anna = await sandbox.agentId('Anna')

  context.log(`${tag}: ${n} messages each way; ${fault.label} after a third`)
  const customer = Array.from({ length: n }, (_, i) => drillText(`${tag}-customer`, i))
  const agentTexts = Array.from({ length: n }, (_, i) => drillText(`${tag}-agent`, i))
  const startedAt = Date.now()
  const deadline = startedAt + 180_000
  const outcomes: SendOutcome[] = []
  let answered = 0
  const customerDone = eachLimit(customer, 4, async (text, i) => {
    outcomes[i] = await api.send(visitor.token, `drill-${tag}-${i}`, text, deadline)
    answered += 1
  })
  const agentIds: string[] = []
  const agentDone = eachLimit(agentTexts, 2, async (text, i) => {
    agentIds[i] = await sandbox.sendText(chat.id, anna, text)
    await sleep(20)
  })
  await pollUntil(() => answered >= n / 3, 120_000, 10)
  const downAt = Date.now()
  await fault.down()
  await sleep(fault.downMs ?? context.plan.downMs)
  await fault.up()
  const upAt = Date.now()
  await Promise.all([customerDone, agentDone])

  const wantedAgent = new Set(agentIds)
  const wantedCustomer = new Set(customer)
  let deliveries = agentDeliveries(await sandbox.chat(chat.id))
  await pollUntil(
    async () => {
      const current = await sandbox.chat(chat.id)
      deliveries = agentDeliveries(current).filter((d) => wantedAgent.has(d.id))
      const texts = new Set(customerTexts(current).map((t) => t.text))
      return (
        deliveries.every((d) => d.status === 'delivered' || d.status === 'failed') &&
        customer.every((text) => texts.has(text))
      )
    },
    context.plan.recoveryWaitMs,
    500,
  )
  const arrived = customerTexts(await sandbox.chat(chat.id)).filter((t) =>
    wantedCustomer.has(t.text),
  )

  // The visitor's log: everything after the first message, replayed on one stream.
  const replay = openReader({ base: stack.backendUrl, token: visitor.token, lastEventId: helloId })
  await replay.until(() => new Set(messageIdsOf(replay.entries)).size >= n, 30_000)
  await replay.quiet(1500, 10_000)
  replay.close()
  const streamIds = messageIdsOf(replay.entries)
  const logIds = await api
    .allHistory(visitor.token)
    .then((history) => messageIdsOf(history.entries))
    .catch((error: unknown) => error)
  const failed = deliveries.filter((d) => d.status === 'failed').length
  const lastCustomerAt = Math.max(...arrived.map((t) => t.at))
  const failedIds = new Set(deliveries.filter((d) => d.status === 'failed').map((d) => d.id))
  const expectedAgent = fault.outlastsRetries
    ? agentIds.filter((id) => !failedIds.has(id))
    : agentIds
  const storedAfterGivingUp = [...failedIds].filter(
    (id) => streamIds.includes(id) || (Array.isArray(logIds) && logIds.includes(id)),
  )
  const agentCount = unionTally(
    expectedAgent,
    Array.isArray(logIds) ? [streamIds, logIds] : [streamIds],
  )
  const lastAgentAt = Math.max(...deliveries.map((d) => d.lastAttemptAt))
  const agentRow = rowOf(
    `${fault.label}: agent → visitor`,
    agentCount,
    agentCount.lost === 0 ? Math.max(0, lastAgentAt - upAt) : undefined,
    [
      `the sandbox reports ${deliveries.length - failed} delivered, ${failed} failed after its 3 attempts`,
      ...(fault.outlastsRetries
        ? [
            `counted: the ${expectedAgent.length} the service did not give up on; of the ${failed} it gave up on (the agent was told), ${storedAfterGivingUp.length} were stored afterwards`,
          ]
        : []),
      `the replayed stream holds ${tally(agentIds, streamIds).delivered}, GET /api/history ${Array.isArray(logIds) ? tally(agentIds, logIds).delivered : `failed: ${String(logIds)}`}`,
      ...(replay.lastError() ? [`replay stream: ${replay.lastError()}`] : []),
    ],
  )
  const customerCount = tally(
    customer,
    arrived.map((t) => t.text),
  )
  const customerRow = rowOf(
    `${fault.label}: customer → service`,
    customerCount,
    customerCount.lost === 0 ? Math.max(0, lastCustomerAt - upAt) : undefined,
    [
      `down at ${((downAt - startedAt) / 1000).toFixed(1)} s for ${((upAt - downAt) / 1000).toFixed(1)} s (${fault.label}); answers: ${answerSummary(outcomes)}`,
      // What the backend answered for each lost message: the trail to the bug.
      ...customerCount.lostExamples.map((text) => {
        const outcome = outcomes[customer.indexOf(text)]
        return outcome
          ? `lost ${outcome.clientId} ("${text}") was answered ${answerSummary([outcome])} after ${outcome.attempts} tries`
          : `lost "${text}" was never answered`
      }),
      ...exitNotes(stack),
    ],
  )
  return [customerRow, agentRow]
}
