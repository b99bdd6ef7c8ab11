// Turns the measurements into the table's rows, each beside its baseline and target,
// and the closing note that says why a missed target was missed.
import { cpus, totalmem } from 'node:os'
import { formatTable, kb, ms, perSecond } from './table.mjs'

const KB = 1024

const ratioOf = (a, b) => (a !== undefined && b ? `${(a / b).toFixed(2)}x` : '—')
const met = (ok) => (ok ? 'yes' : 'NO')

/** Why a store's delivery can miss its targets; printed only when it does. */
const DELIVERY_REASONS = {
  sqlite:
    'sqlite (the default) makes every webhook durable (synchronous=FULL) before answering "ok". The appends of one event-loop turn share one transaction and one fsync, but better-sqlite3 is synchronous: each commit (about 0.3 ms, up to about 10 ms when a WAL checkpoint runs) holds the event loop. Compare the memory: rows (same code, no durable write)',
  memory:
    "per webhook Porthole still runs Hono's router and middleware and @hono/node-server's Request/Response adapter, validates the A3 body with zod, de-duplicates by message.id and counts metrics; the raw server only runs JSON.parse and one write. The load generator shares the 2 cores",
  redis:
    'each webhook is a Lua script in Redis (dedupe + XADD + PUBLISH) and a pub/sub hop back before the push; redis-server, the backend and the load generator share the 2 cores',
}

/** A latency figure is the server's only while the load generator itself kept up. */
function loaderNote(steady) {
  const delay = steady.loadGeneratorDelay
  if (!delay || delay.max < 20) return ''
  return `. The load generator's own event loop stalled up to ${delay.max.toFixed(0)} ms (p99 ${delay.p99.toFixed(0)} ms) during this phase, which adds to the measured latency`
}

export function buildReport({ results, plan, quick, streamCount, fdLimit, seconds }) {
  const rows = []
  const notes = []
  const row = (metric, porthole, baseline, ratio, target, verdict, why) => {
    rows.push({ metric, porthole, baseline, ratio, target, met: verdict })
    if (verdict === 'NO' && why) notes.push(`${metric}: ${why}`)
  }
  const { widget, capacity: cap, rawCapacity: rawCap, rawDelivery: raw } = results

  if (widget) {
    row(
      'widget: loader, gzip',
      kb(widget.loader),
      '3.1 KB (Rocket.Chat, published)',
      ratioOf(widget.loader, 3.1 * KB),
      '<= 6 KB',
      met(widget.loader <= 6 * KB),
      'widget.js + the loader chunk + its static imports are over the budget of tests/widget/size-budget.test.ts',
    )
    row(
      `widget: everything (${widget.files} files), gzip`,
      kb(widget.everything),
      '~470 KB (Rocket.Chat, published)',
      ratioOf(widget.everything, 470 * KB),
      '<= 25 KB',
      met(widget.everything <= 25 * KB),
      'all chunks together are over the budget',
    )
  } else {
    row('widget: gzip sizes', 'not built', '—', '—', '<= 6 KB / 25 KB', 'n/a')
  }

  const fdLimited = streamCount < plan.streams
  row(
    'SSE: idle streams held',
    String(cap.opened),
    `${rawCap.opened} (raw node:http)`,
    ratioOf(cap.opened, rawCap.opened),
    '10,000',
    met(cap.opened >= 10_000),
    fdLimited
      ? `the open-file limit (ulimit -n ${fdLimit}) allows ${streamCount}; raise it to measure 10,000`
      : quick
        ? `--quick opens ${plan.streams}`
        : `${cap.failed} of ${plan.streams} streams failed to open`,
  )
  row(
    'SSE: RSS per idle stream',
    kb(cap.perStream),
    `${kb(rawCap.perStream)} (raw node:http)`,
    ratioOf(cap.perStream, rawCap.perStream),
    '<= 16 KB',
    met(cap.perStream <= 16 * KB),
    'each stream also holds a store subscription for its visitor and a verified token',
  )

  const stores = [
    ['sqlite', results.delivery],
    ['memory', results.memoryDelivery],
    ['redis', results.redisDelivery],
  ]
  for (const [store, d] of stores) {
    if (!d) {
      row(`delivery on ${store}:`, 'skipped', '—', '—', '—', 'n/a')
      if (store === 'redis')
        notes.push(
          'redis: no redis-server binary found; install redis-server to measure the redis store',
        )
      continue
    }
    const conditions = `${plan.rate}/s, ${d.opened} streams`
    const backlog =
      d.steady.acked < d.steady.sent
        ? ` (${d.steady.sent - d.steady.acked} of ${d.steady.sent} unanswered: backlog)`
        : ''
    row(
      `${store}: delivery p50 (${conditions})`,
      ms(d.steady.p50),
      ms(raw.steady.p50),
      ratioOf(d.steady.p50, raw.steady.p50),
      '—',
      '—',
    )
    row(
      `${store}: delivery p99 (${conditions})`,
      `${ms(d.steady.p99)}${backlog}`,
      ms(raw.steady.p99),
      ratioOf(d.steady.p99, raw.steady.p99),
      '< 50 ms',
      met(d.steady.p99 !== undefined && d.steady.p99 < 50 && !backlog),
      `${DELIVERY_REASONS[store]}${loaderNote(d.steady)}`,
    )
    row(
      `${store}: max sustained webhook rate`,
      perSecond(d.max.rate),
      perSecond(raw.max.rate),
      ratioOf(d.max.rate, raw.max.rate),
      '>= 0.8x raw',
      met(d.max.rate >= 0.8 * raw.max.rate),
      DELIVERY_REASONS[store],
    )
    const lost = d.steady.lost + d.max.lost
    const duplicated = d.steady.duplicates + d.max.duplicates
    row(
      `${store}: acknowledged but lost / duplicated`,
      `${lost} / ${duplicated}`,
      `${raw.steady.lost + raw.max.lost} / ${raw.steady.duplicates + raw.max.duplicates}`,
      '—',
      '0 / 0',
      met(lost === 0 && duplicated === 0),
      'an acknowledged webhook did not reach its stream within 15 s, or reached it twice',
    )
  }

  const { status } = results
  const periods = Math.ceil(plan.pollFor / plan.cacheSeconds)
  row(
    `status: upstream A1 calls (${plan.pollers} visitors, ${plan.pollFor} s)`,
    String(status.upstreamCalls),
    `${status.requests} polls (no cache)`,
    ratioOf(status.upstreamCalls, status.requests),
    `1 per ${plan.cacheSeconds} s period (${periods})`,
    met(status.upstreamCalls <= periods + 1 && status.failed === 0),
    `${status.upstreamCalls} calls for ${periods} periods; ${status.failed} polls failed`,
  )

  // The fault drill's record (`npm run drill` writes bench/drill-results.json), when there is one.
  const { drill } = results
  if (drill?.totals) {
    const { lost, duplicated, sent, failedRows } = drill.totals
    row(
      `drill: lost / duplicated (${drill.rows.length} rows, ${sent} messages, ${drill.date.slice(0, 10)})`,
      `${lost} / ${duplicated}`,
      '—',
      '—',
      '0 lost; duplicates only at-least-once',
      met(lost === 0 && failedRows === 0),
      `${failedRows} drill row(s) lost messages or did not run: see \`npm run drill\``,
    )
  }

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  const machine = `${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, Linux`
  const title = `Porthole benchmark${quick ? ' (--quick: small sizes; the targets are for the full run)' : ''}`
  const closing =
    notes.length === 0
      ? 'Every target met.'
      : `Targets missed, and why:\n${notes.map((note) => `- ${note}`).join('\n')}`
  return {
    text: `${title}\n${machine}; ${seconds.toFixed(0)} s\n\n${formatTable(rows)}\n\n${closing}`,
    json: {
      date: new Date().toISOString(),
      quick,
      machine,
      plan: { ...plan, streams: streamCount },
      rows,
      notes,
      measurements: results,
    },
  }
}
