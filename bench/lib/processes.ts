// Child processes of the benchmark: each server runs alone in its own process so its
// memory and CPU time are measured alone, and every child is stopped when the run ends.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const children = new Set<ChildProcess>()

/** Every child, stopped when the benchmark exits however it exits. */
export function track(child: ChildProcess): void {
  children.add(child)
  child.once('exit', () => children.delete(child))
}

export type NodeServer = { url: string; pid: number; stop(): Promise<void>; output(): string }

/** Starts `node <script>` and resolves with its URL once it prints "listening on <url>". */
export function startNodeServer(
  script: string,
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<NodeServer> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  track(child)
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => fail(new Error('did not start within 60 s')), 60_000)
    function fail(error: Error) {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${script}: ${error.message}\n${output}`))
    }
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      output += chunk
      if (output.length > 20_000) output = output.slice(-20_000)
      const match = /listening on (http:\/\/[^\s,)]+)/.exec(output)
      if (match?.[1] && child.pid !== undefined) {
        clearTimeout(timer)
        resolve({
          url: match[1],
          pid: child.pid,
          stop: () => stopChild(child),
          output: () => output,
        })
      }
    })
    child.once('exit', (code, signal) => fail(new Error(`exited (${code ?? signal})`)))
  })
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
 * User + system CPU time of a process so far, in ms, from its /proc/<pid>/stat line
 * (the counters process.cpuUsage() reads inside the process, in clock ticks).
 */
export function cpuTimeFromStat(stat: string, ticks: number): number {
  // The command name (field 2) is in parentheses and may hold spaces: count after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the name.
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error(`unreadable /proc stat line: ${stat.slice(0, 200)}`)
  return ((utime + stime) * 1000) / ticks
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

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopChild))
}

// However the run ends, no child is left behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})
