// Tap to chat on a slow phone (issue 26): the built backend, the host page with the
// recommended embed, and the system Chromium (playwright-core) throttled to the phone
// profile. Each run is a fresh browser context: a new visitor (nothing stored, nothing
// cached) or a returning one (a conversation of 200 messages stored, the widget's files
// in the cache, the chat closed), who taps the launcher, then sends a message.
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS } from '../../kit/chromium'
import { watchWire } from '../lighthouse/watch-wire'
import type { WireTotal } from '../lighthouse/wire-bytes'
import { openPhonePage, throttle, unthrottle } from './phone-profile'
import { installProbe } from './probe'

export const GREETING = 'Hi! Ask us anything about the cabins.'
/** The returning visitor's stored conversation: their message and 199 agent replies. */
export const STORED_MESSAGES = 200
const QUIET_MS = 1500
const SENT_TEXT = 'Is the sauna heated tonight?'
const REPORT = '__portholeTap'

/**
 * `new`: nothing stored or cached, and the tap on the launcher is the visitor's first touch
 * on the page; `touched`: the same, but the visitor touched the page (its heading) a moment
 * before; `returning`: a stored conversation and the widget's files in the cache.
 */
export type Visitor = 'new' | 'touched' | 'returning'

/** `cross`: the host page on an origin of its own, as every real site; `same`: on the backend's. */
export type PageOrigin = 'cross' | 'same'

/** One run: times in ms of the page's clock, bytes and requests of the widget's origin. */
export type TapRun = {
  visitor: Visitor
  /** Absent in records from before the same-origin rows (their page was on another port). */
  origin?: PageOrigin
  tapToUsableMs: number
  enterToSentMs: number
  /** The tap to the window first drawn (before its conversation is read). */
  tapToWindowMs: number
  /** The tap to the chat's own message box on screen (later than usable while the loader's frame stands in). */
  tapToChatBoxMs?: number
  /** The tap to the chat's file received (its response's end; negative when it came before the tap). */
  tapToChunkMs?: number
  /** Messages in the window when it became usable (the greeting, or the stored conversation's). */
  shown: number
  /** Transferred between the tap and the chat's own message box on screen (headers included). */
  afterTap: WireTotal
  beforeEngagement: WireTotal
  /** Transferred between the touch on the page and the tap (`touched` only). */
  afterTouch?: WireTotal
}

export type TapTarget = {
  executablePath: string
  pageUrl: string
  widgetOrigin: string
  origin: PageOrigin
  /** Posts an agent message to the visitor (A3), resolving once the backend took it. */
  agentSays(text: string): Promise<void>
}

export async function measureTap(
  target: TapTarget,
  visitor: Visitor,
  runs: number,
  log: (message: string) => void,
  /** A folder: each run's Chromium trace of the tap to the usable window goes there (trace-summary.ts reads it). */
  traceDir?: string,
): Promise<TapRun[]> {
  const browser = await chromium.launch({
    executablePath: target.executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
  const results: TapRun[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const trace = traceDir && join(traceDir, `${target.origin}-${visitor}-${run + 1}.json`)
      const result = await oneRun(browser, target, visitor, trace)
      log(
        `  tap to chat, ${visitor} visitor, ${target.origin}-origin page: usable after ${result.tapToUsableMs.toFixed(0)} ms (chat's file in at ${result.tapToChunkMs?.toFixed(0) ?? '?'} ms, window at ${result.tapToWindowMs.toFixed(0)} ms, the chat's own box at ${result.tapToChatBoxMs?.toFixed(0) ?? '?'} ms; ${result.afterTap.requests} requests, ${result.afterTap.bytes} B), Enter to Sent ${result.enterToSentMs.toFixed(0)} ms, ${result.shown} messages shown`,
      )
      results.push(result)
    }
  } finally {
    await browser.close()
  }
  return results
}

/** What a trace records: the main thread's tasks, scripts, style and layout, and V8's samples. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
  'toplevel',
]

async function oneRun(
  browser: Browser,
  target: TapTarget,
  visitor: Visitor,
  trace?: string,
): Promise<TapRun> {
  const { context, page } = await openPhonePage(browser)
  try {
    const times = new Map<string, number>()
    const waiters = new Map<string, () => void>()
    await page.exposeFunction(REPORT, (name: string, ms: number) => {
      times.set(name, ms)
      waiters.get(name)?.()
    })
    const reported = (name: string) =>
      times.has(name)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.set(name, resolve))
    const expectText =
      visitor === 'returning' ? await prepareReturning(context, page, target) : GREETING
    const cdp = await context.newCDPSession(page)
    const wire = watchWire(cdp)
    // On the backend's origin the page's own files (the page, its image) are not the widget's.
    const ofWidget = (url: string) =>
      url.startsWith(`${target.widgetOrigin}/`) &&
      !/^\/(\?widget|hero\.jpg)?$/.test(new URL(url).pathname + new URL(url).search)
    await throttle(cdp)
    await page.goto(target.pageUrl, { waitUntil: 'load' })
    const launcher = page.locator('porthole-widget .ph-launcher')
    await launcher.waitFor({ state: 'visible', timeout: 60_000 })
    await quiet(page)
    const beforeEngagement = wire.total(ofWidget)
    if (visitor === 'touched') {
      await page.getByRole('heading', { level: 1 }).tap()
      await quiet(page)
    }
    // Counted from the tap (what a touch before it fetched is counted apart).
    const atTap = wire.total(ofWidget)
    await page.evaluate(installProbe, { expectText, sentText: SENT_TEXT, report: REPORT })
    if (trace) await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES })
    await launcher.tap()
    await withTimeout(reported('usable'), 60_000, 'the chat window never became usable')
    // The bytes up to the chat's own message box (later than usable while the loader's frame stands in).
    await withTimeout(reported('chat-box'), 60_000, "the chat's own message box never showed")
    const afterTap = minus(wire.total(ofWidget), atTap)
    if (trace) {
      // V8's last samples reach the trace a moment later.
      await page.waitForTimeout(500)
      await browser.stopTracing()
    }
    // A visitor types (a fast thumb: 80 ms a key) and presses Enter.
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.pressSequentially(SENT_TEXT, { delay: 80 })
    await box.press('Enter')
    await withTimeout(reported('sent'), 60_000, 'the message never showed "Sent"').catch(
      async (error: unknown) => {
        const html = await page.evaluate(
          () => document.querySelector('porthole-widget')?.shadowRoot?.innerHTML,
        )
        throw new Error(`${String(error)}; the widget showed: ${html}`)
      },
    )
    return {
      visitor,
      origin: target.origin,
      tapToUsableMs: times.get('usable') as number,
      enterToSentMs: times.get('sent') as number,
      shown: times.get('shown') as number,
      tapToWindowMs: times.get('window') as number,
      ...(times.has('chunk') ? { tapToChunkMs: times.get('chunk') } : {}),
      ...(times.has('chat-box') ? { tapToChatBoxMs: times.get('chat-box') } : {}),
      afterTap,
      beforeEngagement,
      ...(visitor === 'touched' ? { afterTouch: minus(atTap, beforeEngagement) } : {}),
    }
  } finally {
    await context.close()
  }
}

/**
 * At the machine's speed: the visitor opens the chat, writes, gets 199 replies (A3), reads
 * them and closes the chat. Returns the newest reply's text, which the usable window shows.
 */
async function prepareReturning(
  context: BrowserContext,
  page: Page,
  target: TapTarget,
): Promise<string> {
  const cdp = await context.newCDPSession(page)
  await unthrottle(cdp)
  await cdp.detach()
  await page.goto(target.pageUrl, { waitUntil: 'load' })
  const launcher = page.locator('porthole-widget .ph-launcher')
  await launcher.click({ timeout: 30_000 })
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('Hello, I would like to book a cabin.')
  await box.press('Enter')
  await page
    .locator('porthole-widget .ph-own .ph-status', { hasText: 'Sent' })
    .waitFor({ timeout: 30_000 })
  let last = ''
  for (let i = 1; i < STORED_MESSAGES; i++) {
    last = `Agent reply ${i} of ${STORED_MESSAGES - 1}: the cabins by the water are free.`
    await target.agentSays(last)
  }
  await page.locator('porthole-widget .ph-bubble', { hasText: last }).waitFor({ timeout: 30_000 })
  // On a phone the window covers the launcher: Escape closes it.
  await box.press('Escape')
  await page.locator('porthole-widget .ph-window').waitFor({ state: 'detached' })
  // The chat's state is written to IndexedDB as it changes; give the last write a moment.
  await page.waitForTimeout(500)
  return last
}

export const minus = (after: WireTotal, before: WireTotal): WireTotal => ({
  bytes: after.bytes - before.bytes,
  requests: after.requests - before.requests,
  headerBytes: after.headerBytes - before.headerBytes,
})

export async function quiet(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.waitForTimeout(QUIET_MS)
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${message} (waited ${ms} ms)`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}
