// Child processes of the benchmark: each server runs alone in its own process so its
// memory and CPU time are measured alone, and every child is stopped when the run ends.
import { type ChildProcess, execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { type ListeningProcess, startListeningProcess, stopProcess } from './listening-process'

const children = new Set<ChildProcess>()

/** Every child, stopped when the benchmark exits however it exits. */
export function track(child: ChildProcess): void {
  children.add(child)
  child.once('exit', () => children.delete(child))
}

export type NodeServer = Pick<ListeningProcess, 'url' | 'pid' | 'stop' | 'output'>

/** Starts `node <script>` and resolves with its URL once it prints "listening on <url>". */
export async function startNodeServer(
  script: string,
  options: { env?: Record<string, string>; nodeArgs?: string[]; wrap?: string[] } = {},
): Promise<NodeServer> {
  const { url, pid, stop, output } = await startListeningProcess({
    args: [...(options.nodeArgs ?? []), script],
    env: options.env,
    ...(options.wrap ? { wrap: options.wrap } : {}),
    onSpawn: track,
  })
  return { url, pid, stop, output }
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = /VmRSS:\s+(\d+) kB/.exec(status)
  if (!match) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}

let clockTicks: number | undefined

/** The kernel's clock ticks per second (USER_HZ, the unit of /proc CPU times). */
export function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    const answer = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
    clockTicks = Number.isFinite(answer) && answer > 0 ? answer : 100
  }
  return clockTicks
}

/**
 * utime and stime of a /proc/<pid>/stat (or task stat) line, in clock ticks (the counters
 * process.cpuUsage() reads inside the process).
 */
export function statTicks(stat: string): { user: number; system: number } {
  // The command name (field 2) is in parentheses and may hold spaces: count after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the name.
  const user = Number(fields[11])
  const system = Number(fields[12])
  if (!Number.isFinite(user) || !Number.isFinite(system))
    throw new Error(`unreadable /proc stat line: ${stat.slice(0, 200)}`)
  return { user, system }
}

/** User + system CPU time of a process so far, in ms, from its /proc/<pid>/stat line. */
export function cpuTimeFromStat(stat: string, ticks: number): number {
  const { user, system } = statTicks(stat)
  return ((user + system) * 1000) / ticks
}

/** A running process's user + system CPU time so far, in ms. */
export function cpuTimeOf(pid: number): number {
  return cpuTimeFromStat(readFileSync(`/proc/${pid}/stat`, 'utf8'), ticksPerSecond())
}

/** The soft limit on open files of this process (children inherit it). */
export function openFileLimit(): number {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8')
    const match = /Max open files\s+(\d+|unlimited)/.exec(limits)
    if (!match) return Number.POSITIVE_INFINITY
    return match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1])
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the child has exited. */
export const stopChild = (child: ChildProcess): Promise<void> => stopProcess(child)

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopChild))
}

// However the run ends, no child is left behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})
