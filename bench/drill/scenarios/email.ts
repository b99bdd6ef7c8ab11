import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type EmailBurst, replyToken, tallyEmails } from '../email-tally'
import { eachLimit, pollUntil, sleep } from '../net'
import { identityHash, type PortholeClient, portholeClient } from '../porthole-client'
import { removeOnExit } from '../processes'
import { failedRow, type RowResult, seconds } from '../report'
import { startDrillSmtp } from '../smtp-sink'
import { exitNotes, type Scenario, type ScenarioContext, withRedis, withStack } from './context'

/** The whole row stays within 4 minutes: it stops waiting for e-mails this long after its start. */
const ROW_BUDGET_MS = 225_000

/**
 * Row 8: missed agent replies by e-mail (issue 22). The backend runs with SMTP_URL at the
 * drill's SMTP server and `email.afterSeconds` at its minimum (10 s, settings file). Many
 * visitors, each with an address, get bursts of agent replies (A3 webhooks) that nobody
 * reads. The SMTP server answers 451 to everything for `refuseMs`, then takes e-mails;
 * once a third of the expected e-mails arrived the backend is killed (-9) and restarted.
 * Each burst must arrive in one e-mail to its visitor, each reply once.
 */
export const emailScenario: Scenario = async (context) => {
  const rows = [await emailRow(context, '8a. e-mail, sqlite: SMTP 451s + kill -9', {})]
  // The same on Redis with two backend instances (one is killed; the other goes on).
  rows.push(
    ...(await withRedis('8b. e-mail, Redis', async (redis) => {
      try {
        return [
          await emailRow(
            context,
            '8b. e-mail, Redis, 2 instances: SMTP 451s + kill -9 of one',
            { STORE_URL: redis.url },
            2,
          ),
        ]
      } catch (error) {
        return [failedRow('8b. e-mail, Redis', error)]
      }
    })),
  )
  return rows
}

async function emailRow(
  context: ScenarioContext,
  label: string,
  storeEnv: Record<string, string>,
  instances = 1,
): Promise<RowResult> {
  const { visitors, bursts, burstGapMs, refuseMs } = context.plan.email
  const smtp = await startDrillSmtp()
  const dir = mkdtempSync(join(tmpdir(), 'porthole-drill-email-'))
  const removeDir = removeOnExit(dir)
  const settingsFile = join(dir, 'porthole.config.json')
  writeFileSync(settingsFile, JSON.stringify({ email: { missedReplies: true, afterSeconds: 10 } }))
  // The visitors sign in (IDENTITY_SECRET): the site vouches for their addresses, so the
  // replies themselves are e-mailed from the first one (a guest's typed address would be
  // sent a confirmation link first).
  const identitySecret = 'drill-email-identity-secret'
  const env = {
    IDENTITY_SECRET: identitySecret,
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'Porthole drill <drill@drill.example>',
    PORTHOLE_CONFIG: settingsFile,
    ...storeEnv,
  }
  try {
    return await withStack(context, env, async (stack) => {
      const rowStart = Date.now()
      // Visitors and webhooks alternate between the instances (one per visitor).
      const apis = [portholeClient(stack.backendUrl)]
      while (apis.length < instances) apis.push(portholeClient(await stack.startInstance()))
      const apiOf = (v: number) => apis[v % apis.length] as PortholeClient
      const addresses = Array.from({ length: visitors }, (_, v) => `v${v}@drill.example`)
      const ids: string[] = []
      await eachLimit(addresses, 8, async (email, v) => {
        const id = `drill-visitor-${v}`
        const user = { id, hash: identityHash(identitySecret, id), email }
        ids[v] = (await apiOf(v).session({ user })).visitorId
      })
      const expected: EmailBurst[] = []
      // The service's A3: tried again (same message id) until the backend takes it.
      const hook = async (v: number, token: string) => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await apiOf(v).hook(
              stack.webhookSecret,
              stack.channelId,
              ids[v] ?? '',
              `drill-email-${token}`,
              `Agent reply ${token}`,
            )
          } catch (error) {
            if (Date.now() - rowStart > ROW_BUDGET_MS) throw error
            await sleep(Math.min(3000, 500 * attempt))
          }
        }
      }
      const sendBurst = async (b: number) => {
        const size = bursts[b] ?? 1
        await eachLimit(addresses, 16, async (to, v) => {
          const replies = Array.from({ length: size }, (_, r) => replyToken(v, b + 1, r + 1))
          expected.push({ to, replies })
          for (const token of replies) await hook(v, token)
        })
      }

      context.log(
        `email: ${visitors} visitors, bursts of ${bursts.join(' + ')} replies ${burstGapMs / 1000} s apart; SMTP answers 451 for ${refuseMs / 1000} s`,
      )
      const refuseFrom = Date.now()
      for (let b = 0; b < bursts.length; b += 1) {
        if (b > 0) await sleep(Math.max(0, refuseFrom + b * burstGapMs - Date.now()))
        await sendBurst(b)
      }
      await sleep(Math.max(0, refuseFrom + refuseMs - Date.now()))
      smtp.refusing = false
      const recoverAt = Date.now()
      const refusedAttempts = smtp.refusals()
      context.log(`email: SMTP takes e-mails now (${refusedAttempts} refused)`)

      const distinct = () => new Set(smtp.received.map((mail) => mail.messageId)).size
      const killAfter = Math.ceil(expected.length / 3)
      const killDeadline = rowStart + ROW_BUDGET_MS - 60_000
      const reached = await pollUntil(() => distinct() >= killAfter, killDeadline - Date.now(), 20)
      const killAt = Date.now()
      const beforeKill = distinct()
      await stack.killBackend()
      await sleep(context.plan.downMs)
      await stack.startBackend()
      const upAt = Date.now()
      context.log(`email: backend killed after ${beforeKill} e-mails and restarted`)

      await pollUntil(
        () => tallyEmails(expected, smtp.received).lost === 0,
        Math.max(0, rowStart + ROW_BUDGET_MS - Date.now()),
        500,
      )
      // Anything sent twice arrives soon after: a short quiet period to count it.
      await sleep(3000)
      const counted = tallyEmails(expected, smtp.received)
      const recoverMs =
        counted.lost === 0 && counted.lastNeededAt !== undefined
          ? Math.max(0, counted.lastNeededAt - recoverAt)
          : undefined
      const row: RowResult = {
        scenario: `${label}: ${visitors} visitors`,
        sent: counted.sent,
        delivered: counted.delivered,
        lost: counted.lost,
        duplicated: counted.duplicated,
        recoverMs,
        notes: [
          `${instances === 1 ? 'one backend instance' : `${instances} backend instances on one store, visitors and webhooks alternating; the kill hits the first`}; email.afterSeconds=10 (settings file); ${visitors} signed-in visitors with an address, bursts of ${bursts.join(' + ')} unread agent replies (A3) ${burstGapMs / 1000} s apart: ${counted.sent} e-mails expected, one per burst`,
          `SMTP answered 451 to every message for ${seconds(recoverAt - refuseFrom)} (${refusedAttempts} attempts refused); time to recover: SMTP taking e-mails again to the last e-mail needed`,
          reached
            ? `kill -9 after ${beforeKill} e-mails taken, ${seconds(killAt - recoverAt)} after SMTP recovered; back ${seconds(upAt - killAt)} later`
            : `kill -9 came late: only ${beforeKill} of ${killAfter} e-mails had arrived by then`,
          `${counted.distinctEmails} distinct Message-IDs, ${smtp.received.length} arrivals; ${counted.resent} resent with the same Message-ID (the documented at-least-once case after a crash); duplicated = another Message-ID for replies already e-mailed (a defect)`,
          `${counted.exactVisitors} of ${counted.visitors} visitors got exactly one e-mail per burst; ${counted.split} burst(s) split over several e-mails; ${counted.unexpected} e-mail(s) with none of the row's replies`,
          `e-mails taken per 15 s after SMTP recovered: ${arrivalsPer(smtp.received, recoverAt, 15_000)}`,
          ...(counted.lost > 0 ? [`lost e.g. ${counted.lostExamples.join(', ')}`] : []),
          ...exitNotes(stack),
        ],
      }
      return row
    })
  } finally {
    await smtp.close()
    removeDir()
  }
}

/** How many e-mails arrived in each `stepMs` after `from`, e.g. "134, 0, 12, 254". */
function arrivalsPer(received: readonly { at: number }[], from: number, stepMs: number): string {
  const counts: number[] = []
  for (const mail of received) {
    const slot = Math.max(0, Math.floor((mail.at - from) / stepMs))
    while (counts.length <= slot) counts.push(0)
    counts[slot] = (counts[slot] ?? 0) + 1
  }
  return counts.join(', ')
}
