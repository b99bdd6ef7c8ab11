import type { ProxyMode } from '../fault-proxy'
import { pollUntil, sleep } from '../net'
import { portholeClient, type SendOutcome } from '../porthole-client'
import { failedRow, type RowResult, rowOf } from '../report'
import { customerTexts, sandboxClient } from '../sandbox-client'
import { tally } from '../tally'
import { answerSummary } from './answers'
import { drillText, exitNotes, type Scenario, type ScenarioContext, withStack } from './context'

/**
 * Row 4: the service is down (connections refused) or answers 503 for a while; the
 * customer keeps writing. Every message must reach the service after it is back; the
 * time to recover runs from the end of the outage to the last delivery.
 */
async function outageRow(
  context: ScenarioContext,
  mode: Exclude<ProxyMode, 'up'>,
): Promise<RowResult> {
  const { plan } = context
  const env = plan.a2RetryIntervalMs
    ? { A2_RETRY_INTERVAL_MS: String(plan.a2RetryIntervalMs) }
    : undefined
  return withStack(context, env, async (stack) => {
    const api = portholeClient(stack.backendUrl)
    const sandbox = sandboxClient(stack.sandboxUrl)
    const visitor = await api.session()
    await api.send(
      visitor.token,
      `drill-outage-${mode}-hello`,
      `drill outage ${mode}: hello`,
      Date.now() + 30_000,
    )
    const chat = await sandbox.chatOf(visitor.visitorId)

    context.log(
      `outage (${mode}): ${plan.outageMs / 1000} s, ${plan.outageMessages} customer messages during it`,
    )
    const texts = Array.from({ length: plan.outageMessages }, (_, i) =>
      drillText(`outage-${mode}`, i),
    )
    await stack.proxy.set(mode)
    const outageStart = Date.now()
    const deadline = outageStart + plan.outageMs + plan.recoveryWaitMs
    const sends: Promise<SendOutcome>[] = []
    for (const [i, text] of texts.entries()) {
      await sleep(Math.max(0, outageStart + (i * plan.outageMs) / texts.length - Date.now()))
      sends.push(api.send(visitor.token, `drill-outage-${mode}-${i}`, text, deadline))
    }
    await sleep(Math.max(0, outageStart + plan.outageMs - Date.now()))
    await stack.proxy.set('up')
    const outageEnd = Date.now()

    const wanted = new Set(texts)
    let arrived = customerTexts(await sandbox.chat(chat.id)).filter((t) => wanted.has(t.text))
    await pollUntil(
      async () => {
        arrived = customerTexts(await sandbox.chat(chat.id)).filter((t) => wanted.has(t.text))
        return new Set(arrived.map((t) => t.text)).size >= texts.length
      },
      plan.recoveryWaitMs,
      250,
    )
    const outcomes = await Promise.all(sends)
    const counted = tally(
      texts,
      arrived.map((t) => t.text),
    )
    const lastAt = Math.max(...arrived.map((t) => t.at))
    const retries = outcomes.reduce((sum, o) => sum + o.attempts - 1, 0)
    return rowOf(
      `4${mode === 'down' ? 'a' : 'b'}. service ${mode === 'down' ? 'down (refused)' : 'answers 503'} ${plan.outageMs / 1000} s`,
      counted,
      counted.lost === 0 ? Math.max(0, lastAt - outageEnd) : undefined,
      [
        `answers to the ${texts.length} POSTs: ${answerSummary(outcomes)}; ${retries} client retries`,
        ...(counted.lost > 0 ? [`waited ${plan.recoveryWaitMs / 1000} s after the outage`] : []),
        ...(mode === '503'
          ? [`the proxy answered 503 to ${stack.proxy.refused503()} A1/A2 requests`]
          : []),
        ...exitNotes(stack),
      ],
    )
  })
}

/** Both outages at once, each against its own stack (they only wait, so they share the time). */
export const outageScenario: Scenario = async (context) => {
  const modes = ['down', '503'] as const
  const settled = await Promise.allSettled(modes.map((mode) => outageRow(context, mode)))
  return settled.map((result, i) =>
    result.status === 'fulfilled'
      ? result.value
      : failedRow(`4. service ${modes[i]}`, result.reason),
  )
}
