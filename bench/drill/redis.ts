import { accessSync, constants, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { freePort, HOST } from './net'
import { isRunning, removeOnExit, type Started, startProcess, stopProcess } from './processes'

// A throw-away redis-server on a free loopback port, persisting every write (appendonly,
// fsync always) as an operator who cares about "nothing is lost" runs it, so kill -9 and
// a restart on the same port keep every acknowledged write.

export function findRedisServer(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin']
  for (const dir of dirs) {
    if (!dir) continue
    try {
      accessSync(join(dir, 'redis-server'), constants.X_OK)
      return join(dir, 'redis-server')
    } catch {}
  }
  return undefined
}

export type DrillRedis = {
  url: string
  /** kill -9; resolves once it is gone. */
  kill(): Promise<void>
  /** Starts it again on the same port with the same data folder. */
  start(): Promise<void>
  /** SIGSTOP: its sockets stay open and nothing answers until thaw(). */
  freeze(): void
  /** SIGCONT after freeze(). */
  thaw(): void
  close(): Promise<void>
}

export async function startDrillRedis(binary: string): Promise<DrillRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-drill-redis-'))
  const removeDir = removeOnExit(dir)
  const port = await freePort()
  let server: Started | undefined
  const start = async () => {
    server = await startProcess(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        HOST,
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { what: 'redis-server', ready: /Ready to accept connections/ },
    )
  }
  await start()
  return {
    url: `redis://${HOST}:${port}`,
    async kill() {
      if (server && isRunning(server.child)) await stopProcess(server.child, 'SIGKILL')
    },
    start,
    freeze() {
      server?.child.kill('SIGSTOP')
    },
    thaw() {
      server?.child.kill('SIGCONT')
    },
    async close() {
      // A stopped process would sit on SIGTERM until the SIGKILL after the grace period.
      server?.child.kill('SIGCONT')
      if (server) await stopProcess(server.child)
      removeDir()
    },
  }
}
