// The open-file limit of the capacity phase's processes: every stream is a socket in the
// server and one in a holder, so 100,000 streams need a limit above 100,000 in the
// server. The bench raises it for its children where it may (prlimit, which needs
// CAP_SYS_RESOURCE to go past the hard limit) and says what it got when it cannot.
import { spawnSync } from 'node:child_process'
import { openFileLimit } from '../../kit/processes'

export type OpenFiles = {
  /** The limit each child process runs with. */
  limit: number
  /** Put before `node` to run a child with that limit (empty: the inherited one). */
  wrap: string[]
  /** Why the limit is lower than wanted, when it is. */
  note?: string
}

/** The open-file limit children can get, `wanted` at most, and how to start them with it. */
export function raiseOpenFiles(wanted: number): OpenFiles {
  const current = openFileLimit()
  if (current >= wanted) return { limit: current, wrap: [] }
  const wrap = ['prlimit', `--nofile=${wanted}:${wanted}`, '--']
  const tried = spawnSync(wrap[0] as string, [...wrap.slice(1), 'true'], { encoding: 'utf8' })
  if (tried.status === 0) return { limit: wanted, wrap }
  const hard = hardOpenFileLimit()
  const reason = tried.error ? tried.error.message : tried.stderr.trim()
  if (hard > current) {
    const upToHard = ['prlimit', `--nofile=${hard}:${hard}`, '--']
    if (spawnSync('prlimit', [...upToHard.slice(1), 'true']).status === 0)
      return {
        limit: hard,
        wrap: upToHard,
        note: `the open-file limit could be raised to the hard limit ${hard} only, not ${wanted} (${reason})`,
      }
  }
  return {
    limit: current,
    wrap: [],
    note: `the open-file limit stays at ${current}: raising it to ${wanted} failed (${reason}); run the bench as root with CAP_SYS_RESOURCE, or raise the hard limit (ulimit -Hn, LimitNOFILE=, --ulimit nofile=)`,
  }
}

function hardOpenFileLimit(): number {
  const answer = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim()
  return answer === 'unlimited' ? Number.POSITIVE_INFINITY : Number(answer) || 0
}
