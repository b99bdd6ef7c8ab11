import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UploadResponse } from '../../../shared/widget-api'
import {
  faketimeEnv,
  findFaketimeLibrary,
  offsetLine,
  storedRow,
  unauthorizedProblem,
} from '../faketime'
import { eachLimit, pollUntil, sleep } from '../net'
import { makePdfOf } from '../pdf'
import { portholeClient, type SendOutcome, type Session } from '../porthole-client'
import { type RowResult, rowOf, skippedRow } from '../report'
import { agentDeliveries, customerTexts, sandboxClient } from '../sandbox-client'
import { openReader, type StreamReader } from '../sse-reader'
import { tally, unionTally } from '../tally'
import { answerSummary } from './answers'
import { drillText, exitNotes, type Scenario, withStack } from './context'
import { messageIdsOf } from './keys'

const LABEL = '9. clock step'
const DAY_S = 86_400
/** Ahead by more than RETENTION_DAYS (30, the default): every stored thing looks expired. */
const AHEAD_S = 31 * DAY_S
const BACK_S = -600
const VISITORS = 3
/** Messages per visitor before the restart, and each way while the clock is back. */
const BEFORE = 20
const DURING = 30

/**
 * Row 9: the backend (sqlite) runs under libfaketime, its wall clock read from a file the
 * drill rewrites. Conversations and an attachment are stored; the backend restarts with
 * the clock 31 days ahead and RETENTION_START_DELAY_SECONDS=2, so a retention pass runs
 * while the clock is wrong; the clock is put right and the history and the file must be
 * whole. Then the clock steps back 10 minutes while visitors hold tokens and streams:
 * no 401, and messages both ways with nothing lost. Needs the `faketime` package.
 */
export const clockScenario: Scenario = async (context) => {
  const library = findFaketimeLibrary()
  if (!library)
    return [
      skippedRow(
        LABEL,
        'libfaketime is missing: install the Debian package `faketime` (apt-get install faketime)',
      ),
    ]
  const dir = mkdtempSync(join(tmpdir(), 'porthole-drill-clock-'))
  const clockFile = join(dir, 'faketime')
  const uploadDir = join(dir, 'uploads')
  const setClock = (seconds: number) => writeFileSync(clockFile, offsetLine(seconds))
  setClock(0)
  try {
    const env = {
      ...faketimeEnv(library, clockFile),
      UPLOAD_DIR: uploadDir,
      RETENTION_START_DELAY_SECONDS: '2',
      // Retention's own messages are what this row reads.
      LOG_LEVEL: 'info',
    }
    return await withStack(context, env, async (stack) => {
      const api = portholeClient(stack.backendUrl)
      const sandbox = sandboxClient(stack.sandboxUrl)
      const anna = await sandbox.agentId('Anna')
      const deadline = () => Date.now() + 60_000

      // 1. Traffic to keep: conversations and one attachment.
      const visitors: Session[] = []
      for (let v = 0; v < VISITORS; v += 1) visitors.push(await api.session())
      const chats: string[] = []
      for (const [v, visitor] of visitors.entries()) {
        for (let i = 0; i < BEFORE; i += 1) {
          const text = drillText(`clock-before-${v}`, i)
          const sent = await api.send(visitor.token, `drill-clock-b${v}-${i}`, text, deadline())
          if (sent.status !== 200 && sent.status !== 202)
            throw new Error(`a message before the step answered ${answerSummary([sent])}`)
        }
        const chat = await sandbox.chatOf(visitor.visitorId)
        chats.push(chat.id)
        await sandbox.sendText(chat.id, anna, drillText(`clock-before-agent-${v}`, 0))
      }
      const owner = visitors[0] as Session
      const pdf = makePdfOf(64 * 1024)
      const upload = await fetch(`${stack.backendUrl}/api/uploads?name=clock.pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/pdf' },
        body: pdf,
      })
      if (upload.status !== 201)
        throw new Error(`POST /api/uploads answered ${upload.status} ${await upload.text()}`)
      const file = UploadResponse.parse(await upload.json()).file
      const attached = await fetch(`${stack.backendUrl}/api/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'drill-clock-file', type: 'file', fileId: file.id }),
      })
      if (attached.status !== 200 && attached.status !== 202)
        throw new Error(`the attachment message answered ${attached.status}`)
      // Every agent text is stored (A3 delivered) before counting.
      await pollUntil(
        async () => {
          for (const id of chats) {
            const deliveries = agentDeliveries(await sandbox.chat(id))
            if (!deliveries.every((d) => d.status === 'delivered')) return false
          }
          return true
        },
        30_000,
        250,
      )
      const countEntries = async () => {
        let total = 0
        for (const visitor of visitors)
          total += (await api.allHistory(visitor.token)).entries.length
        return total
      }
      const entriesBefore = await countEntries()
      const filesBefore = countFiles(uploadDir)

      // 2. Restart with the clock 31 days ahead; a retention pass runs 2 s after start.
      context.log(`clock: ${entriesBefore} entries, ${filesBefore} files; restart at +31 days`)
      setClock(AHEAD_S)
      await stack.killBackend()
      await stack.startBackend()
      const passed = await pollUntil(() => /retention/.test(stack.backendOutput()), 20_000, 200)
      // The pass has begun (it logged); give it time to finish before the clock is right.
      await sleep(3000)
      const retentionLines = stack
        .backendOutput()
        .split('\n')
        .filter((line) => line.includes('retention'))
        .map((line) => line.slice(0, 400))
      setClock(0)
      await sleep(500)
      const entriesAfter = await countEntries()
      const filesAfter = countFiles(uploadDir)
      const served = await fetch(file.url, { headers: { authorization: `Bearer ${owner.token}` } })
      const bytes = new Uint8Array(await served.arrayBuffer())
      const fileSame = Buffer.from(bytes).equals(Buffer.from(pdf))

      // 3. Visitors hold tokens and streams; the clock steps back 10 minutes mid-way.
      context.log('clock: messages both ways; the clock steps back 10 minutes after a third')
      let unauthorized = 0
      const readers: StreamReader[] = visitors.map((visitor) =>
        openReader({ base: stack.backendUrl, token: visitor.token }),
      )
      const customer = visitors.map((_, v) =>
        Array.from({ length: DURING }, (_, i) => drillText(`clock-customer-${v}`, i)),
      )
      const agentIds: string[][] = visitors.map(() => [])
      const outcomes: SendOutcome[] = []
      let done = 0
      const sendAll = Promise.all(
        visitors.map((visitor, v) =>
          eachLimit(customer[v] ?? [], 1, async (text, i) => {
            const outcome = await api.send(visitor.token, `drill-clock-${v}-${i}`, text, deadline())
            if (outcome.status === 401 || outcome.firstStatus === 401) unauthorized += 1
            outcomes.push(outcome)
            done += 1
            await sleep(100)
          }),
        ),
      )
      const agentAll = Promise.all(
        chats.map((chat, v) =>
          eachLimit(
            Array.from({ length: DURING }, (_, i) => drillText(`clock-agent-${v}`, i)),
            1,
            async (text) => {
              ;(agentIds[v] as string[]).push(await sandbox.sendText(chat, anna, text))
              await sleep(100)
            },
          ),
        ),
      )
      await pollUntil(() => done >= (VISITORS * DURING) / 3, 60_000, 20)
      setClock(BACK_S)
      const steppedAt = Date.now()
      await Promise.all([sendAll, agentAll])
      // History read with the clock still back: a token must still be accepted.
      const customerArrived: string[] = []
      await pollUntil(
        async () => {
          customerArrived.length = 0
          for (const id of chats)
            customerArrived.push(...customerTexts(await sandbox.chat(id)).map((t) => t.text))
          const wanted = customer.flat()
          const have = new Set(customerArrived)
          return wanted.every((text) => have.has(text))
        },
        30_000,
        250,
      )
      const logIds: string[] = []
      for (const visitor of visitors) {
        const response = await fetch(`${stack.backendUrl}/api/history?limit=200`, {
          headers: { authorization: `Bearer ${visitor.token}` },
        })
        if (response.status === 401) unauthorized += 1
        if (response.ok) {
          const all = await api.allHistory(visitor.token)
          logIds.push(...messageIdsOf(all.entries))
        }
      }
      const allAgent = agentIds.flat()
      for (const reader of readers)
        await reader.until(() => {
          const have = new Set(messageIdsOf(readers.flatMap((r) => r.entries)))
          return allAgent.every((id) => have.has(id))
        }, 15_000)
      const streamErrors = readers.flatMap((r) => (r.lastError() ? [r.lastError() as string] : []))
      unauthorized += streamErrors.filter((e) => /\b401\b/.test(e)).length
      for (const reader of readers) reader.close()
      setClock(0)
      const wantedAgent = new Set(allAgent)
      const streamIds = messageIdsOf(readers.flatMap((r) => r.entries)).filter((id) =>
        wantedAgent.has(id),
      )

      const stored = storedRow(`${LABEL}: stored before, +31 days`, {
        entriesBefore,
        entriesAfter,
        filesBefore,
        filesAfter,
        fileStatus: served.status,
        fileSame,
      })
      const retentionNote = passed
        ? `the backend at +31 days logged: ${retentionLines.join(' | ') || '(nothing)'}`
        : 'no retention line in the backend output within 20 s of the restart'
      stored.notes.push(retentionNote, ...exitNotes(stack))
      const wantedCustomer = new Set(customer.flat())
      const customerCount = tally(
        customer.flat(),
        customerArrived.filter((text) => wantedCustomer.has(text)),
      )
      const customerRow = rowOf(`${LABEL}: customer → service, -10 min`, customerCount, undefined, [
        `clock stepped back 10 min at ${new Date(steppedAt).toISOString()}; answers: ${answerSummary(outcomes)}`,
        `401s while the clock was 10 min back: ${unauthorized}`,
      ])
      const agentLog = logIds.filter((id) => wantedAgent.has(id))
      const agentCount = unionTally(allAgent, [streamIds, agentLog])
      const agentRow = rowOf(`${LABEL}: agent → visitor, -10 min`, agentCount, undefined, [
        `the streams hold ${tally(allAgent, streamIds).delivered}, GET /api/history ${tally(allAgent, agentLog).delivered}`,
        ...streamErrors.map((error) => `stream: ${error.slice(0, 200)}`),
      ])
      const problem = unauthorizedProblem(unauthorized)
      const rows: RowResult[] = [
        stored,
        problem ? { ...customerRow, error: problem } : customerRow,
        agentRow,
      ]
      return rows
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Files under `dir`, recursively (0 when it does not exist). */
function countFiles(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      .length
  } catch {
    return 0
  }
}
