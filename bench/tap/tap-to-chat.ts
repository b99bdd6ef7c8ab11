// The tap-to-chat rows of `npm run bench` (and of `npm run bench:tap` alone): starts the
// built backend with a greeting, the fake service answering at once and the host page
// with the recommended embed, then measures new and returning visitors on the phone
// profile: with the page on an origin of its own (another port: every real site, whose
// www.shop.example embeds chat.shop.example) and on the backend's origin (the page's
// server forwards the backend's paths), for comparison.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeUpstream } from '../../kit/fake-upstream'
import { freePort } from '../../kit/free-port'
import { startNodeServer } from '../../kit/processes'
import { type Spread, spreadOf } from '../lib/stats'
import { hostOrigin, startHostPage } from '../lighthouse/host-page'
import { measurePeer, type PeerRun } from './peer-tap'
import { GREETING, measureTap, type PageOrigin, type TapRun, type Visitor } from './porthole-tap'

/** Each kind of visitor (porthole-tap.ts), measured in this order. */
export const VISITORS = ['new', 'touched', 'returning'] as const satisfies readonly Visitor[]
/** Where the host page is (porthole-tap.ts), measured in this order: the docs quote `cross`. */
export const ORIGINS = ['cross', 'same'] as const satisfies readonly PageOrigin[]

/** Issue 26's targets, in ms from the tap to a usable window. */
export const TAP_TARGETS_MS: Record<Visitor, number> = { new: 300, touched: 300, returning: 400 }

export type TapResults = {
  runs: TapRun[]
  /** Rocket.Chat Livechat's runs on the same page and profile, or why it was not measured. */
  peer: PeerRun[] | string
  /** The 1-, 5- and 15-minute load averages when the rows started and ended (a shared machine). */
  loadAverage: { before: number[]; after: number[] }
}

export async function measureTapToChat(options: {
  root: string
  executablePath: string
  runs: number
  /** The kinds of visitor to measure (all by default). */
  visitors?: readonly Visitor[]
  /** The host page's origins to measure (both by default). */
  origins?: readonly PageOrigin[]
  loadAverage: () => number[]
  log: (message: string) => void
  /** A folder for each run's trace (slows the runs: their times are not the row's). */
  traceDir?: string
  /** Whether to measure Rocket.Chat Livechat too (true by default). */
  peer?: boolean
}): Promise<TapResults> {
  const { root, log } = options
  const before = options.loadAverage()
  const service = await startFakeUpstream()
  const dataDir = mkdtempSync(join(tmpdir(), 'porthole-tap-'))
  const settingsFile = join(dataDir, 'settings.json')
  writeFileSync(settingsFile, JSON.stringify({ greeting: GREETING }))
  const webhookSecret = randomBytes(16).toString('hex')
  const hostPort = await freePort()
  const sameOriginPort = await freePort()
  const server = await startNodeServer(join(root, 'dist/server/main.js'), {
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CHANNEL_URL: service.channelUrl,
      WEBHOOK_SECRET: webhookSecret,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      STORE_URL: `sqlite:${join(dataDir, 'porthole.db')}`,
      PORTHOLE_DATA_DIR: dataDir,
      PORTHOLE_CONFIG: settingsFile,
      ALLOWED_ORIGINS: `${hostOrigin(hostPort)},${hostOrigin(sameOriginPort)}`,
    },
  })
  const heroImage = join(root, 'demo/site/media/lake.jpg')
  const pages = {
    cross: await startHostPage({
      port: hostPort,
      widgetSrc: `${server.url}/widget.js`,
      heroImage,
      embed: 'after-load',
    }),
    same: await startHostPage({
      port: sameOriginPort,
      widgetSrc: `${hostOrigin(sameOriginPort)}/widget.js`,
      heroImage,
      embed: 'after-load',
      proxyTo: server.url,
    }),
  }
  const hookUrl = `${server.url}/hooks/${webhookSecret}/${service.channelUrl.split('/').at(-1)}`
  let sequence = 0
  const agentSays = async (text: string) => {
    const recipient = service.lastSender()
    if (!recipient) throw new Error('no customer message reached the fake service yet')
    sequence += 1
    const response = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sender: { name: 'Ada' },
        recipient: { id: recipient },
        message: { type: 'text', id: `tap-${sequence}`, text },
      }),
    })
    if (!response.ok) throw new Error(`the webhook was answered ${response.status}`)
  }
  try {
    const runs: TapRun[] = []
    for (const origin of options.origins ?? ORIGINS) {
      const page = pages[origin]
      const target = {
        executablePath: options.executablePath,
        pageUrl: page.url(true),
        widgetOrigin: origin === 'same' ? page.origin : server.url,
        origin,
        agentSays,
      }
      for (const visitor of options.visitors ?? VISITORS) {
        log(`tap to chat: ${options.runs} ${visitor} visitor(s), page ${ORIGIN_TEXT[origin]}`)
        runs.push(...(await measureTap(target, visitor, options.runs, log, options.traceDir)))
      }
    }
    const bundle = join(root, 'node_modules/@rocket.chat/livechat/build')
    let peer: PeerRun[] | string = `no ${bundle}: npm install`
    if (options.peer === false) peer = 'not asked for (--no-peer)'
    else if (existsSync(bundle)) {
      log(`tap to chat: ${options.runs} runs of Rocket.Chat Livechat (its bundle, no server)`)
      // The peer failing (its 370 KB on a busy machine) leaves Porthole's rows standing.
      peer = await measurePeer({ ...options, runs: options.runs }).catch(
        (error: unknown) =>
          `failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      )
    }
    return { runs, peer, loadAverage: { before, after: options.loadAverage() } }
  } finally {
    await pages.cross.close()
    await pages.same.close()
    await server.stop()
    await service.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The peer's medians (min–max), when it was measured. */
export function peerSpreads(results: TapResults) {
  if (typeof results.peer === 'string') return undefined
  const runs = results.peer
  return {
    usable: spreadOf(runs.map((run) => run.tapToUsableMs)),
    before: spreadOf(runs.map((run) => run.beforeEngagement.bytes)),
    beforeRequests: spreadOf(runs.map((run) => run.beforeEngagement.requests)),
    bytes: spreadOf(runs.map((run) => run.afterTap.bytes)),
    requests: spreadOf(runs.map((run) => run.afterTap.requests)),
  }
}

/** Where the page is, in the rows and the log. */
export const ORIGIN_TEXT: Record<PageOrigin, string> = {
  cross: 'on another origin',
  same: "on the backend's origin",
}

/** The medians (min–max) of one kind of visitor's runs with the page on `origin`. */
export function tapSpreads(results: TapResults, visitor: Visitor, origin: PageOrigin = 'cross') {
  // Records from before the same-origin rows had the page on another port: cross-origin.
  const runs = results.runs.filter(
    (run) => run.visitor === visitor && (run.origin ?? 'cross') === origin,
  )
  return {
    usable: spreadOf(runs.map((run) => run.tapToUsableMs)),
    sent: spreadOf(runs.map((run) => run.enterToSentMs)),
    bytes: spreadOf(runs.map((run) => run.afterTap.bytes)),
    requests: spreadOf(runs.map((run) => run.afterTap.requests)),
  } satisfies Record<string, Spread | undefined>
}
