import { cpuTimeOf } from '../../kit/processes'
import type { MeasuredServer } from '../backend/servers'
import type { LoadClient } from '../lib/load-client'

/**
 * The delivery row's closed-loop maximum as the profiling tools drive it: the visitors'
 * streams opened on `server`, `seconds` of webhooks 32 at a time, then the streams closed.
 * `cpuMs` is the server's CPU time over the webhooks alone.
 */
export async function closedLoopMax(load: LoadClient, server: MeasuredServer, seconds: number) {
  await load.call('open', { base: server.url, porthole: server.porthole })
  const before = cpuTimeOf(server.pid)
  const max = await load.call('max', {
    hookUrl: server.hookUrl,
    seconds,
    concurrency: 32,
    graceMs: 15_000,
  })
  const cpuMs = cpuTimeOf(server.pid) - before
  await load.call('closeAll', {})
  return { max, cpuMs }
}
