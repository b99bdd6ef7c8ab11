// The parent's side of the load generator (bench/load/main.ts): a forked process run by
// tsx, so its work never runs in a server's process; each call is typed by its command
// and its result parsed.
import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { stopChild, track } from '../../kit/processes'
import {
  LOAD_COMMANDS,
  type LoadCommand,
  type LoadOptions,
  LoadReply,
  type LoadRequest,
  type LoadResult,
} from '../load/protocol'

export type LoadClient = {
  /** The generator's process (its CPU time is the bench's own, not another process's). */
  pid: number
  call<C extends LoadCommand>(command: C, options: LoadOptions<C>): Promise<LoadResult<C>>
  stop(): Promise<void>
}

type Waiting = { command: LoadCommand; resolve(result: unknown): void; reject(error: Error): void }

export function startLoadGenerator(script: string): LoadClient {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  // --expose-gc: the generator collects its own garbage before each timed phase, so its
  // pauses are not counted as the server's latency.
  const child = fork(script, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--import', tsx, '--expose-gc'],
  })
  track(child)
  let next = 0
  const waiting = new Map<number, Waiting>()
  child.on('message', (message: unknown) => {
    const reply = LoadReply.safeParse(message)
    if (!reply.success) return
    const pending = waiting.get(reply.data.seq)
    if (!pending) return
    waiting.delete(reply.data.seq)
    if ('error' in reply.data) pending.reject(new Error(`${pending.command}: ${reply.data.error}`))
    else {
      const result = LOAD_COMMANDS[pending.command].result.safeParse(reply.data.result)
      if (result.success) pending.resolve(result.data)
      else pending.reject(new Error(`${pending.command}: bad result: ${result.error.message}`))
    }
  })
  child.once('exit', (code) => {
    for (const pending of waiting.values())
      pending.reject(new Error(`load generator exited (${code}) during ${pending.command}`))
    waiting.clear()
  })
  const pid = child.pid
  if (pid === undefined) throw new Error('the load generator did not start')
  return {
    pid,
    call<C extends LoadCommand>(command: C, options: LoadOptions<C>) {
      next += 1
      const seq = next
      return new Promise<LoadResult<C>>((resolve, reject) => {
        waiting.set(seq, {
          command,
          // The result was parsed with LOAD_COMMANDS[command].result above.
          resolve: (result) => resolve(result as LoadResult<C>),
          reject,
        })
        const request: LoadRequest = { seq, command, options }
        child.send(request)
      })
    },
    stop: () => stopChild(child),
  }
}
