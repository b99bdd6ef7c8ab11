// How busy the whole machine was during a phase, from /proc/stat: on a shared machine
// (CI runners, a laptop, colleagues' tests) other processes take CPU from the server and
// the load generator, and a figure measured then says more about them than about Porthole.

/** Busy and total CPU time of all cores since boot, in clock ticks. */
export type MachineCpu = { busy: number; total: number }

/** The first ("cpu") line of /proc/stat: user nice system idle iowait irq softirq steal …. */
export function machineCpuFromStat(stat: string): MachineCpu {
  const line = stat.split('\n', 1)[0] ?? ''
  const fields = line.trim().split(/\s+/)
  if (fields[0] !== 'cpu' || fields.length < 8) throw new Error(`unreadable /proc/stat: ${line}`)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields
    .slice(1, 9)
    .map((field) => Number(field))
  const busy = [user, nice, system, irq, softirq, steal].reduce<number>(
    (sum, v) => sum + (v ?? 0),
    0,
  )
  return { busy, total: busy + (idle ?? 0) + (iowait ?? 0) }
}

/**
 * The share (0–1) of the machine's CPU capacity that processes other than ours used
 * between two readings; `ownMs` is our processes' CPU time meanwhile.
 */
export function othersShare(
  before: MachineCpu,
  after: MachineCpu,
  ownMs: number,
  ticksPerSecond: number,
): number {
  const total = after.total - before.total
  if (total <= 0) return 0
  const busy = after.busy - before.busy
  const own = (ownMs * ticksPerSecond) / 1000
  return Math.min(1, Math.max(0, (busy - own) / total))
}
