// The host page's rows: Lighthouse 12 (mobile preset, simulated throttling) without and
// with the script tag, and the widget's bytes on the wire before and at the first open.

import { spreadOf } from '../lib/stats'
import type { WidgetSize } from '../lib/widget-size'
import type { PageCost } from '../lighthouse/page-cost'
import { CLS, KB, KBYTES, MS, one, ratioOf, SCORE, verdict, withSpread } from './format'
import type { Rows } from './rows'

export function widgetSizeRows(table: Rows, widget: WidgetSize | undefined): void {
  if (!widget) {
    table.skipped('widget: gzip sizes (not built)')
    return
  }
  table.add(
    {
      metric: 'widget: loader, gzip -9 (from dist/)',
      porthole: one(widget.loader, KBYTES),
      baseline: '3.1 KB (Rocket.Chat, published)',
      ratio: ratioOf(widget.loader, 3.1 * KB),
      target: '<= 6 KB',
      met: verdict(widget.loader <= 6 * KB),
    },
    'widget.js + the loader chunk + its static imports are over the budget of tests/widget/size-budget.test.ts',
  )
  table.add(
    {
      metric: `widget: common features (${widget.files} files), gzip -9`,
      porthole: one(widget.common, KBYTES),
      baseline: '~470 KB (Rocket.Chat, published)',
      ratio: ratioOf(widget.common, 470 * KB),
      target: '<= 27 KB',
      met: verdict(widget.common <= 27 * KB),
    },
    'widget.js, the loader, the chat chunk and the chunks any conversation may load (kit/widget-chunks.ts) are over the budget of tests/widget/size-budget.test.ts',
  )
}

const LIGHTHOUSE = 'Lighthouse 12 mobile'

export function pageRows(table: Rows, page: PageCost | string): void {
  if (typeof page === 'string') {
    table.skipped(`page: ${LIGHTHOUSE} rows`)
    table.skip(`page rows: ${page}`)
    return
  }
  const figure = (pick: (run: PageCost['plain'][number]) => number) => ({
    plain: spreadOf(page.plain.map(pick)),
    widget: spreadOf(page.widget.map(pick)),
  })
  const runs = `${page.widget.length}+${page.plain.length} runs`

  const score = figure((run) => run.score)
  table.add(
    {
      metric: `page: performance score (${LIGHTHOUSE}, ${runs})`,
      porthole: withSpread(score.widget, SCORE),
      baseline: `${withSpread(score.plain, SCORE)} (no widget)`,
      ratio: ratioOf(score.widget?.median, score.plain?.median),
      target: 'unchanged',
      met: verdict((score.widget?.median ?? 0) >= (score.plain?.median ?? 0)),
    },
    'the median score with the script tag is below the median without it',
  )

  const lcp = figure((run) => run.lcpMs)
  table.add(
    {
      metric: 'page: Largest Contentful Paint',
      porthole: withSpread(lcp.widget, MS),
      baseline: `${withSpread(lcp.plain, MS)} (no widget)`,
      ratio: ratioOf(lcp.widget?.median, lcp.plain?.median),
      target: '<= +5 %',
      met: verdict((lcp.widget?.median ?? Infinity) <= 1.05 * (lcp.plain?.median ?? 0)),
    },
    "Lighthouse's simulation prices in every request that starts before the page's largest paint: with the plain script tag (`--embed tag`), widget.js itself (a new connection to another origin) is one; the recommended embed adds widget.js after the load event",
  )

  const tbt = figure((run) => run.tbtMs)
  const tbtAdded = (tbt.widget?.median ?? 0) - (tbt.plain?.median ?? 0)
  table.add(
    {
      metric: 'page: Total Blocking Time',
      porthole: withSpread(tbt.widget, MS),
      baseline: `${withSpread(tbt.plain, MS)} (no widget)`,
      ratio: `${tbtAdded >= 0 ? '+' : ''}${tbtAdded.toFixed(0)} ms`,
      target: '<= +10 ms',
      met: verdict(tbtAdded <= 10),
    },
    'the median with the widget blocks the main thread longer than the median without it by more than 10 ms',
  )

  // The difference of two medians above is mostly the page's own noise (the page without
  // any script measures 0 to 50 ms on a busy machine); this is the widget's own part.
  const blocking = spreadOf(page.widget.map((run) => run.widgetBlockingMs))
  if (blocking)
    table.add(
      {
        metric: "page: blocking time of the widget's own tasks (long tasks at its URLs)",
        porthole: withSpread(blocking, MS),
        baseline: '—',
        ratio: '—',
        target: '<= 10 ms',
        met: verdict(blocking.median <= 10),
      },
      'a task of the widget runs longer than 50 ms (simulated mobile CPU): split its work',
    )

  const cls = figure((run) => run.cls)
  const clsAdded = (cls.widget?.median ?? 0) - (cls.plain?.median ?? 0)
  table.add(
    {
      metric: 'page: Cumulative Layout Shift',
      porthole: withSpread(cls.widget, CLS),
      baseline: `${withSpread(cls.plain, CLS)} (no widget)`,
      ratio: `+${Math.max(0, clsAdded).toFixed(3)}`,
      target: '+0',
      met: verdict(clsAdded <= 0),
    },
    'the widget moves the page',
  )

  const script = spreadOf(page.widget.map((run) => run.widgetScriptMs))
  table.add(
    {
      metric: 'widget: main-thread script (Lighthouse bootup-time, 4x CPU slowdown)',
      porthole: withSpread(script, MS),
      baseline: '~96–344 ms (LiveChat … Tawk.to, HTTP Archive)',
      ratio: '—',
      target: '<= 40 ms',
      met: verdict((script?.median ?? Infinity) <= 40),
    },
    "evaluating and compiling the widget's scripts takes longer than the budget",
  )

  // The targets are the widget's compressed bodies (brotli); the response headers come
  // on top, uncompressed over HTTP/1.1 (HTTP/2 and HTTP/3 compress them), shown beside.
  type Transferred = PageCost['firstOpen'][number]['beforeEngagement']
  const bodies = (pick: (run: PageCost['firstOpen'][number]) => Transferred) =>
    spreadOf(
      page.firstOpen.map((run) => {
        // Results made before the headers were counted apart: the whole, headers included.
        const { bytes, headerBytes = 0 } = pick(run)
        return bytes - headerBytes
      }),
    )
  const wire = (pick: (run: PageCost['firstOpen'][number]) => Transferred): string => {
    const total = spreadOf(page.firstOpen.map((run) => pick(run).bytes))
    const headers = spreadOf(page.firstOpen.map((run) => pick(run).headerBytes))
    return headers
      ? `${withSpread(total, KBYTES)} with ${withSpread(headers, KBYTES)} of headers`
      : withSpread(total, KBYTES)
  }
  const sessions = `${page.firstOpen.length} sessions`

  const before = bodies((run) => run.beforeEngagement)
  table.add(
    {
      metric: `widget: brotli bodies transferred before engagement (${sessions})`,
      porthole: withSpread(before, KBYTES),
      baseline: wire((run) => run.beforeEngagement),
      ratio: '—',
      target: '<= 6 KB',
      met: verdict((before?.median ?? Infinity) <= 6 * KB),
    },
    'what the page downloads from the widget before the visitor clicks is over the budget; is the server compressing (Content-Encoding br/gzip)?',
  )
  const open = bodies((run) => run.atFirstOpen)
  table.add(
    {
      metric: 'widget: brotli bodies transferred by the first open of the chat',
      porthole: withSpread(open, KBYTES),
      baseline: wire((run) => run.atFirstOpen),
      ratio: '—',
      target: '<= 20 KB',
      met: verdict((open?.median ?? Infinity) <= 20 * KB),
    },
    'everything the widget downloaded by the time the chat is open is over the budget',
  )
  if (page.firstOpen.every((run) => run.atFirstMessage))
    table.info(
      'widget: brotli bodies transferred by the first message sent (the engine, session, stream)',
      withSpread(
        bodies((run) => run.atFirstMessage ?? run.atFirstOpen),
        KBYTES,
      ),
      wire((run) => run.atFirstMessage ?? run.atFirstOpen),
    )
}
