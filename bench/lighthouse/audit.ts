// One Lighthouse 12 run (mobile preset, simulated throttling: what PageSpeed Insights
// shows site owners), and the figures the bench reports from its result.
import lighthouse, { type Config } from 'lighthouse'
import { z } from 'zod'

export type PageFigures = {
  /** Performance score, 0–100. */
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Main-thread script evaluation + parse/compile of the widget's URLs (simulated mobile CPU). */
  widgetScriptMs: number
  /**
   * Blocking time of the widget's own tasks: of every long task (50 ms and over,
   * simulated) Lighthouse attributes to a widget URL, the part over 50 ms. Absent from
   * results made before it was measured.
   */
  widgetBlockingMs?: number
  /** Every long task Lighthouse listed (simulated ms), for reading a TBT figure. */
  longTasks?: { url: string; duration: number }[]
  /** Bytes transferred for the widget's requests during the page load (before any click). */
  widgetBytes: number
  widgetRequests: number
}

/** A task blocks the main thread for what it lasts beyond this (the TBT definition). */
const LONG_TASK_MS = 50

const tableItems = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ details: z.object({ items: z.array(item) }) })

const numeric = z.object({ numericValue: z.number() })

/** The part of a Lighthouse result the bench reads; anything else may change freely. */
const LighthouseResult = z.object({
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.object({
    'largest-contentful-paint': numeric,
    'total-blocking-time': numeric,
    'cumulative-layout-shift': numeric,
    'bootup-time': tableItems(
      z.object({
        url: z.string(),
        scripting: z.number().optional(),
        scriptParseCompile: z.number().optional(),
      }),
    ),
    'long-tasks': z.object({
      details: z
        .object({ items: z.array(z.object({ url: z.string(), duration: z.number() })) })
        .optional(),
    }),
    'network-requests': tableItems(
      z.object({ url: z.string(), transferSize: z.number().optional() }),
    ),
  }),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
})

/** The figures of one result; `widgetOrigin` tells the widget's requests from the page's. */
export function pageFigures(result: unknown, widgetOrigin: string): PageFigures {
  const lhr = LighthouseResult.parse(result)
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  }
  const score = lhr.categories.performance.score
  if (score === null) throw new Error('Lighthouse gave no performance score')
  const ofWidget = (url: string) => url.startsWith(`${widgetOrigin}/`)
  const scripts = lhr.audits['bootup-time'].details.items.filter((item) => ofWidget(item.url))
  const requests = lhr.audits['network-requests'].details.items.filter((item) => ofWidget(item.url))
  return {
    score: Math.round(score * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    widgetScriptMs: scripts.reduce(
      (total, item) => total + (item.scripting ?? 0) + (item.scriptParseCompile ?? 0),
      0,
    ),
    widgetBlockingMs: (lhr.audits['long-tasks'].details?.items ?? [])
      .filter((task) => ofWidget(task.url))
      .reduce((total, task) => total + Math.max(0, task.duration - LONG_TASK_MS), 0),
    longTasks: (lhr.audits['long-tasks'].details?.items ?? []).map(({ url, duration }) => ({
      url,
      duration,
    })),
    widgetBytes: requests.reduce((total, item) => total + (item.transferSize ?? 0), 0),
    widgetRequests: requests.length,
  }
}

/** Lighthouse's default (mobile) config, performance only, listing every script's time. */
const CONFIG: Config = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: ['performance'] },
  // bootup-time hides scripts under 50 ms by default; the widget's must be seen.
  audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }],
}

/** Audits `url` in the Chromium listening on `port`; throws when Lighthouse could not. */
export async function auditPage(
  url: string,
  port: number,
  widgetOrigin: string,
): Promise<PageFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' }, CONFIG)
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  return pageFigures(result.lhr, widgetOrigin)
}
