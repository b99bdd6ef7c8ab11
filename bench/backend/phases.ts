// The backend's measured phases, each on a fresh server process.
import { readFileSync } from 'node:fs'
import type { LoadClient } from '../lib/load-client'
import { type MachineCpu, machineCpuFromStat, othersShare } from '../lib/machine-cpu'
import { cpuTimeOf, rssOf, ticksPerSecond } from '../lib/processes'
import type { CapacityRun, DeliveryRun, Plan } from '../lib/results'
import type { MeasuredServer } from './servers'

const machineCpu = (): MachineCpu => machineCpuFromStat(readFileSync('/proc/stat', 'utf8'))

const settle = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds))

/** How long an acknowledged webhook may take to reach its stream before it counts as lost. */
const GRACE_MS = 15_000

/**
 * Opens one idle stream per visitor already made and returns the server's RSS growth
 * per stream. The server is fresh: no other request ran in it, so garbage from
 * earlier work cannot be collected during the measurement and flatter the figure.
 */
export async function capacity(load: LoadClient, server: MeasuredServer): Promise<CapacityRun> {
  await settle(1000)
  const before = rssOf(server.pid)
  const { opened, failed } = await load.call('open', {
    base: server.url,
    porthole: server.porthole,
  })
  await settle(3000)
  const after = rssOf(server.pid)
  await load.call('closeAll', {})
  return { opened, failed, perStream: (after - before) / Math.max(1, opened) }
}

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
  await load.call('closeAll', {})
  return { opened, steady, max: { ...max, rate: max.acked / max.seconds, cpuMs }, othersCpu }
}
