import { type ChildProcess, fork } from 'node:child_process'
import type { Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'

/**
 * For a capacity test file: the probe backend `probe` (a file beside this one) in a child
 * process from before the first test to after the last, and the stream sockets the test
 * opens on it (destroyed at the end). `ask(request, key)` sends `request` (none when
 * empty) and resolves with the child's next message carrying `key`.
 */
export function useProbeChild(probe: string, nodeArgs: string[] = []) {
  let child: ChildProcess | undefined
  let url: URL | undefined
  const sockets: Socket[] = []

  function ask<T>(request: string, key: string): Promise<T> {
    const running = child
    if (!running) throw new Error('useProbeChild() forks the probe in beforeAll')
    return new Promise((resolve) => {
      const onMessage = (message: unknown) => {
        if (typeof message !== 'object' || message === null || !(key in message)) return
        running.off('message', onMessage)
        resolve((message as Record<string, T>)[key] as T)
      }
      running.on('message', onMessage)
      if (request) running.send(request)
    })
  }

  beforeAll(async () => {
    child = fork(fileURLToPath(new URL(`./${probe}`, import.meta.url)), [], {
      execArgv: ['--import', 'tsx', ...nodeArgs],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    url = new URL(await ask<string>('', 'url'))
  }, 60_000)

  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    const running = child
    if (!running) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.send('stop')
    await exited
  })

  return {
    ask,
    sockets,
    /** The probe backend's URL, known once it listens. */
    get url(): URL {
      if (!url) throw new Error('useProbeChild() learns the URL in beforeAll')
      return url
    },
  }
}
