// The backend's measured phases, each on a fresh server process.
import { readdirSync, readFileSync } from 'node:fs'
import { cpuTimeOf, ticksPerSecond } from '../../kit/processes'
import { type DiskFlushes, diskFlushesFromStats, meanFlushMs } from '../lib/disk-flush'
import type { LoadClient } from '../lib/load-client'
import { type MachineCpu, machineCpuFromStat, othersShare } from '../lib/machine-cpu'
import type { DeliveryRun, Plan } from '../lib/results'
import type { MeasuredServer } from './servers'

const machineCpu = (): MachineCpu => machineCpuFromStat(readFileSync('/proc/stat', 'utf8'))

/** The disks' flush counters now; undefined where Linux's /proc and /sys are not there. */
function diskFlushes(): DiskFlushes | undefined {
  try {
    return diskFlushesFromStats(readFileSync('/proc/diskstats', 'utf8'), readdirSync('/sys/block'))
  } catch {
    return undefined
  }
}

/** How long an acknowledged webhook may take to reach its stream before it counts as lost. */
const GRACE_MS = 15_000

/**
 * With plan.visitors streams open: the closed-loop maximum first (it never builds a
 * backlog), with the server's CPU time over it, then the steady rate (which may build
 * a backlog on a server slower than the rate).
 */
export async function delivery(
  load: LoadClient,
  server: MeasuredServer,
  plan: Plan,
): Promise<DeliveryRun> {
  const porthole = server.porthole
  await load.call('visitors', { base: server.url, count: plan.visitors, porthole })
  const { opened } = await load.call('open', { base: server.url, porthole })
  const machineBefore = machineCpu()
  const disksBefore = diskFlushes()
  const loadBefore = cpuTimeOf(load.pid)
  const cpuBefore = cpuTimeOf(server.pid)
  const max = await load.call('max', {
    hookUrl: server.hookUrl,
    seconds: plan.seconds,
    concurrency: plan.concurrency,
    graceMs: GRACE_MS,
  })
  const cpuMs = cpuTimeOf(server.pid) - cpuBefore
  const steady = await load.call('steady', {
    hookUrl: server.hookUrl,
    rate: plan.rate,
    seconds: plan.seconds,
    graceMs: GRACE_MS,
  })
  const ownMs = cpuTimeOf(server.pid) - cpuBefore + cpuTimeOf(load.pid) - loadBefore
  const othersCpu = othersShare(machineBefore, machineCpu(), ownMs, ticksPerSecond())
  const disksAfter = diskFlushes()
  const flushMs = disksBefore && disksAfter && meanFlushMs(disksBefore, disksAfter)
  await load.call('closeAll', {})
  return {
    opened,
    steady,
    max: { ...max, rate: max.acked / max.seconds, cpuMs },
    othersCpu,
    ...(flushMs === undefined ? {} : { flushMs }),
  }
}
