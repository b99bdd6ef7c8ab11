// `npm run bench:tap`: the tap-to-chat rows alone (`-- --runs N`, 5 by default;
// `--visitors new,touched,returning`, all by default).
import { mkdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { planBrowser } from '../../kit/chromium'
import { stopAll } from '../../kit/processes'
import { listOption, numberOption, optionValue } from '../lib/argv'
import { PROFILE_TEXT } from './phone-profile'
import {
  measureTapToChat,
  ORIGIN_TEXT,
  ORIGINS,
  peerSpreads,
  TAP_TARGETS_MS,
  tapSpreads,
  VISITORS,
} from './tap-to-chat'

const root = fileURLToPath(new URL('../..', import.meta.url))
const runsArgument = numberOption('--runs') ?? 5
if (!Number.isInteger(runsArgument) || runsArgument < 1)
  throw new Error(`--runs takes a positive whole number; got ${runsArgument}`)
const visitors = listOption('--visitors', VISITORS)
// `--origins cross,same`: the host page on another origin than the backend's, or on the backend's (both by default).
const origins = listOption('--origins', ORIGINS)
// `--trace DIR`: each run's Chromium trace of the tap (then `npx tsx bench/tap/trace-summary.ts DIR/cross-new-1.json`).
const traceDir = optionValue('--trace')
if (traceDir === '') throw new Error('--trace takes a folder')
if (traceDir) mkdirSync(traceDir, { recursive: true })
const log = (message: string) => process.stderr.write(`bench: ${message}\n`)

const browser = planBrowser(process.env)
if (!browser.run) throw new Error(browser.message)
try {
  const results = await measureTapToChat({
    root,
    executablePath: browser.executablePath,
    runs: runsArgument,
    visitors,
    origins,
    loadAverage: loadavg,
    log,
    ...(traceDir ? { traceDir } : {}),
    // `--no-peer`: Porthole's rows alone (comparing two builds).
    peer: !process.argv.includes('--no-peer'),
  })
  const ms = (spread?: { median: number; min: number; max: number }) =>
    spread
      ? `${spread.median.toFixed(0)} ms (${spread.min.toFixed(0)}–${spread.max.toFixed(0)})`
      : '—'
  process.stdout.write(`Tap to chat (${PROFILE_TEXT}), ${runsArgument} runs each\n`)
  for (const origin of origins)
    for (const visitor of visitors) {
      const spread = tapSpreads(results, visitor, origin)
      const met = spread.usable && spread.usable.median <= TAP_TARGETS_MS[visitor] ? 'yes' : 'NO'
      process.stdout.write(
        `${visitor}, page ${ORIGIN_TEXT[origin]}: tap to usable ${ms(spread.usable)} (target <= ${TAP_TARGETS_MS[visitor]} ms: ${met}); Enter to Sent ${ms(spread.sent)}; after the tap ${spread.bytes?.median} B in ${spread.requests?.median} requests\n`,
      )
    }
  const peer = peerSpreads(results)
  process.stdout.write(
    peer
      ? `Rocket.Chat Livechat (bundle only): before engagement ${peer.before?.median} B in ${peer.beforeRequests?.median} requests; tap to usable ${ms(peer.usable)}; after the tap ${peer.bytes?.median} B in ${peer.requests?.median} requests\n`
      : `Rocket.Chat Livechat: not measured (${results.peer})\n`,
  )
  process.stdout.write(
    `load average ${results.loadAverage.before.map((n) => n.toFixed(2)).join(' ')} before, ${results.loadAverage.after.map((n) => n.toFixed(2)).join(' ')} after\n`,
  )
  process.stdout.write(`${JSON.stringify(results.runs)}\n`)
} finally {
  await stopAll()
}
