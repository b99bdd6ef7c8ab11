// CPU time of each thread of a process, from /proc/<pid>/task/<tid>/stat (Linux): the
// main thread (the event loop), V8's helper threads (garbage collection, compilers) and
// libuv's pool apart, user and system time apart, in clock ticks.
import { readdirSync, readFileSync } from 'node:fs'
import { statTicks } from '../../kit/processes'

export type Times = { user: number; system: number }
/** Per thread id: its name (comm) and CPU times so far. */
export type ThreadTimes = Map<string, Times & { name: string }>

export function threadTimes(pid: number): ThreadTimes {
  const times: ThreadTimes = new Map()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      times.set(tid, { name: tid === String(pid) ? `${name} (main)` : name, ...statTicks(stat) })
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return times
}

/** What the threads used between two readings: all together, and summed by thread name. */
export function cpuSplit(before: ThreadTimes, after: ThreadTimes) {
  const total: Times = { user: 0, system: 0 }
  const named = new Map<string, Times>()
  for (const [tid, now] of after) {
    const then = before.get(tid) ?? { user: 0, system: 0 }
    const used = { user: now.user - then.user, system: now.system - then.system }
    total.user += used.user
    total.system += used.system
    const sum = named.get(now.name) ?? { user: 0, system: 0 }
    named.set(now.name, { user: sum.user + used.user, system: sum.system + used.system })
  }
  const byName = [...named]
    .map(([name, t]) => ({ name, ...t }))
    .sort((a, b) => b.user + b.system - (a.user + a.system))
  return { total, byName }
}
