// The tap-to-chat rows (issue 26): each kind of visitor's time from the tap to a usable
// window and from Enter to "Sent" on the phone profile, the bytes after the tap, and
// Rocket.Chat Livechat's bundle measured beside it in the same run as the baseline; with
// the host page on another origin than the backend (what the docs quote) and on its own.
import { PROFILE_TEXT } from '../tap/phone-profile'
import type { Visitor } from '../tap/porthole-tap'
import {
  ORIGIN_TEXT,
  ORIGINS,
  peerSpreads,
  TAP_TARGETS_MS,
  type TapResults,
  tapSpreads,
} from '../tap/tap-to-chat'
import { COUNT, KBYTES, MS, ratioOf, verdict, withSpread } from './format'
import type { Rows } from './rows'

const WHO: Record<Visitor, string> = {
  new: 'new visitor, the tap is their first touch',
  touched: 'new visitor who touched the page before',
  returning: 'returning visitor, 200 messages stored',
}

/** At least this many runs before a median may say a target is met. */
const RUNS_FOR_A_VERDICT = 5

export function tapRows(table: Rows, tap: TapResults | string | undefined): void {
  if (tap === undefined) return
  if (typeof tap === 'string') {
    table.skipped('tap to chat:')
    table.skip(`tap to chat: ${tap}`)
    return
  }
  const peer = peerSpreads(tap)
  const peerName = 'Rocket.Chat Livechat, same run, bundle only'
  const load = `load average ${tap.loadAverage.before[0]?.toFixed(1)} → ${tap.loadAverage.after[0]?.toFixed(1)}`
  for (const origin of ORIGINS)
    for (const visitor of ['new', 'touched', 'returning'] as const) {
      const who = `${WHO[visitor]}, page ${ORIGIN_TEXT[origin]}`
      const spread = tapSpreads(tap, visitor, origin)
      if (!spread.usable) continue
      const runs = spread.usable.runs.length
      const target = TAP_TARGETS_MS[visitor]
      const met = spread.usable.median <= target
      table.add(
        {
          metric: `tap to chat (${PROFILE_TEXT}): ${who}, tap to usable window (${runs} runs, ${load})`,
          porthole: withSpread(spread.usable, MS),
          baseline: visitor === 'returning' ? '—' : `${withSpread(peer?.usable, MS)} (${peerName})`,
          ratio:
            visitor === 'returning' ? '—' : ratioOf(spread.usable.median, peer?.usable?.median),
          target: `<= ${target} ms`,
          // One or two runs on a shared machine say nothing of a median.
          met: runs < RUNS_FOR_A_VERDICT ? 'n/a' : verdict(met),
        },
        `median ${spread.usable.median.toFixed(0)} ms on a machine with a ${load}`,
      )
      table.info(
        `tap to chat: ${who}, bytes and requests from the tap to the usable window`,
        `${withSpread(spread.bytes, KBYTES)} in ${withSpread(spread.requests, COUNT)}`,
        visitor === 'returning'
          ? '—'
          : `${withSpread(peer?.bytes, KBYTES)} in ${withSpread(peer?.requests, COUNT)} (${peerName})`,
      )
      table.info(
        `tap to chat: ${who}, Enter to "Sent" (the service answering at once)`,
        withSpread(spread.sent, MS),
        '—',
      )
    }
  if (peer) {
    const ours = tap.runs
      .filter((run) => run.visitor === 'new' && (run.origin ?? 'cross') === 'cross')
      .map((run) => run.beforeEngagement.bytes)
    table.info(
      'tap to chat: bytes before engagement on the same page (headers included)',
      ours.length > 0 ? `${(Math.min(...ours) / 1024).toFixed(1)} KB` : '—',
      `${withSpread(peer.before, KBYTES)} in ${withSpread(peer.beforeRequests, COUNT)} requests (${peerName}; its calls to a server fail and are not counted)`,
    )
  } else table.skip(`tap to chat, the peer: ${tap.peer}`)
}
