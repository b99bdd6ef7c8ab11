// How long the machine's disks took to flush during a phase, from /proc/diskstats: the
// sqlite store answers a webhook only after an fdatasync of its log, so with 32 webhooks
// in flight its maximum rate follows the flush time, and a disk that other work keeps
// busy (colleagues' builds and tests on a shared machine) slows that row alone.

/** Flushes completed and milliseconds spent flushing, all whole disks together. */
export type DiskFlushes = { flushes: number; flushMs: number }

/**
 * The flush counters of /proc/diskstats (fields 16 and 17 after the name; kernels
 * before 5.5 have none, then zero) summed over `disks`, the whole disks (the names
 * in /sys/block): a partition's flushes are its disk's too.
 *
 * @example diskFlushesFromStats(readFileSync('/proc/diskstats', 'utf8'), readdirSync('/sys/block'))
 */
export function diskFlushesFromStats(stats: string, disks: readonly string[]): DiskFlushes {
  const whole = new Set(disks)
  let flushes = 0
  let flushMs = 0
  for (const line of stats.split('\n')) {
    const fields = line.trim().split(/\s+/)
    const name = fields[2]
    if (name === undefined || !whole.has(name) || fields.length < 20) continue
    flushes += Number(fields[18]) || 0
    flushMs += Number(fields[19]) || 0
  }
  return { flushes, flushMs }
}

/** The mean time of one flush between two readings, or undefined when none was made. */
export function meanFlushMs(before: DiskFlushes, after: DiskFlushes): number | undefined {
  const flushes = after.flushes - before.flushes
  if (!(flushes > 0)) return undefined
  return Math.max(0, after.flushMs - before.flushMs) / flushes
}
