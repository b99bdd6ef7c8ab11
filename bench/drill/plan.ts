// The sizes and timings of a drill run: the full drill and the --quick smoke version.

export type DrillPlan = {
  /** Row 1: entries replayed to the throttled reader. */
  replayEntries: number
  /** Row 1: the reader takes this many bytes per tick... */
  readerBytesPerTick: number
  /** ...every this many milliseconds. */
  readerTickMs: number
  /** Row 2: agent messages in the burst. */
  burstMessages: number
  /** Row 3: messages in the logged-in customer's conversation. */
  deviceMessages: number
  /** Row 4: how long the service is down. */
  outageMs: number
  /** Row 4: customer messages sent during the outage. */
  outageMessages: number
  /** Row 4: the backend's A2 fast-retry interval (undefined: the default, 3000 ms). */
  a2RetryIntervalMs: number | undefined
  /** Row 4: how long after the outage the drill waits for the last delivery. */
  recoveryWaitMs: number
  /** Rows 5 and 6: messages each way. */
  crashMessages: number
  /** Rows 5 and 6: how long the killed process stays down. */
  downMs: number
  /** Row 7: how long redis-server stays frozen (SIGSTOP). */
  freezeMs: number
  /** Row 8: visitors with an e-mail address, and the agent replies of each burst. */
  email: { visitors: number; bursts: number[]; burstGapMs: number; refuseMs: number }
}

export const FULL_PLAN: DrillPlan = {
  replayEntries: 10_000,
  readerBytesPerTick: 4096,
  readerTickMs: 10,
  burstMessages: 500,
  deviceMessages: 1000,
  outageMs: 60_000,
  outageMessages: 30,
  a2RetryIntervalMs: undefined,
  recoveryWaitMs: 240_000,
  crashMessages: 300,
  downMs: 1000,
  freezeMs: 20_000,
  email: { visitors: 200, bursts: [2, 1], burstGapMs: 30_000, refuseMs: 60_000 },
}

export const QUICK_PLAN: DrillPlan = {
  replayEntries: 1000,
  readerBytesPerTick: 4096,
  readerTickMs: 10,
  burstMessages: 100,
  deviceMessages: 300,
  outageMs: 8000,
  outageMessages: 8,
  a2RetryIntervalMs: 500,
  recoveryWaitMs: 60_000,
  crashMessages: 60,
  downMs: 1000,
  freezeMs: 5000,
  email: { visitors: 20, bursts: [2, 1], burstGapMs: 12_000, refuseMs: 20_000 },
}

export function planFor(quick: boolean): DrillPlan {
  return quick ? QUICK_PLAN : FULL_PLAN
}
