import { type ChildProcess, spawn } from 'node:child_process'
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest'
import { freePort } from '../demo/launch/free-port'
import { stopProcess } from './listening-process'
import { retryWhenPortTaken } from './port-taken'

/** A redis-server the tests talk to: one they started, or the one REDIS_URL names. */
export type RedisServer = {
  url: string
  port: number
  /** False for REDIS_URL: such a server cannot be stopped or restarted by a test. */
  owned: boolean
  stop(): Promise<void>
  /**
   * Stops the server and starts it again on the same port (data kept only with
   * `persistence`); `whileDown` runs in between.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>
  /** SIGSTOP: the server keeps its sockets open and answers nothing until thaw(). */
  freeze(): void
  /** SIGCONT after freeze(). */
  thaw(): void
}

export type RedisServerOptions = {
  /** appendonly with fsync always, so a restart keeps every acknowledged write. */
  persistence?: boolean
  /** Where a start looks for its port (default: a free one the OS picks); for the tests of this. */
  choosePort?: () => Promise<number>
}

type Availability = { mode: 'binary'; binary: string } | { mode: 'url'; url: string } | undefined

const INSTALL_HINT =
  'install redis-server (e.g. `apt-get install redis-server`) or set REDIS_URL=redis://host:port'

/** Where Redis comes from: REDIS_URL, else a redis-server binary on PATH or in /usr/bin. */
export function redisAvailability(): Availability {
  const url = process.env.REDIS_URL
  if (url) return { mode: 'url', url }
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin']
  for (const dir of dirs) {
    if (!dir) continue
    const candidate = join(dir, 'redis-server')
    try {
      accessSync(candidate, constants.X_OK)
      return { mode: 'binary', binary: candidate }
    } catch {}
  }
  return undefined
}

/**
 * `describe` for suites that need Redis: skips with a message when there is none, and
 * fails instead when REQUIRE_REDIS=1 (CI machines that must run them).
 */
export function describeRedis(name: string, body: () => void): void {
  if (redisAvailability()) {
    describe(name, body)
    return
  }
  if (process.env.REQUIRE_REDIS === '1') {
    describe(name, () => {
      it('has a Redis to run against', () => {
        throw new Error(`REQUIRE_REDIS=1 but no redis-server was found: ${INSTALL_HINT}`)
      })
    })
    return
  }
  console.warn(`[skip] ${name}: no redis-server binary and no REDIS_URL; ${INSTALL_HINT}`)
  describe.skip(name, body)
}

/**
 * Inside a describe: one redis-server for the suite (started before its first test,
 * stopped after its last) and `closeAfterTest(store)`, which closes a store (or client)
 * when the test ends, however it ends.
 */
export function useRedisServer(options: RedisServerOptions = {}) {
  let server: RedisServer | undefined
  const open: Array<{ close(): Promise<unknown> }> = []
  beforeAll(async () => {
    server = await startRedisServer(options)
  }, 30_000)
  afterEach(async () => {
    await Promise.all(open.splice(0).map((closable) => closable.close()))
  })
  afterAll(async () => {
    await server?.stop()
  })
  return {
    get server(): RedisServer {
      if (!server)
        throw new Error('the suite has no Redis: useRedisServer() starts it in beforeAll')
      return server
    },
    closeAfterTest<T extends { close(): Promise<unknown> }>(closable: T): T {
      open.push(closable)
      return closable
    },
  }
}

/** Starts a throw-away redis-server on a free loopback port (or wraps REDIS_URL). */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const availability = redisAvailability()
  if (!availability) throw new Error(`no Redis available: ${INSTALL_HINT}`)
  if (availability.mode === 'url') return externalServer(availability.url)
  const binary = availability.binary
  const dir = mkdtempSync(join(tmpdir(), 'porthole-redis-'))
  // The free port can be taken between the probe and redis-server's bind (by another
  // suite's server or a client's ephemeral port): such a start is tried on a new port.
  const choosePort = options.choosePort ?? (() => freePort('127.0.0.1'))
  const started = await retryWhenPortTaken(
    async () => {
      const port = await choosePort()
      return { port, child: await launch(binary, port, dir, options) }
    },
    (error) => error instanceof PortTaken,
  )
  const { port } = started
  let child: ChildProcess | undefined = started.child
  const stop = async () => {
    const running = child
    child = undefined
    running?.kill('SIGCONT')
    if (running) await stopProcess(running)
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    owned: true,
    async stop() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
    async restart(whileDown) {
      await stop()
      await whileDown?.()
      child = await launch(binary, port, dir, options)
    },
    freeze() {
      child?.kill('SIGSTOP')
    },
    thaw() {
      child?.kill('SIGCONT')
    },
  }
}

function externalServer(url: string): RedisServer {
  const port = Number(new URL(url).port || 6379)
  const refuse = async () => {
    throw new Error('REDIS_URL names a server the tests do not own: it cannot be restarted')
  }
  const cannot = () => {
    throw new Error('REDIS_URL names a server the tests do not own: it cannot be frozen')
  }
  return {
    url,
    port,
    owned: false,
    stop: async () => {},
    restart: refuse,
    freeze: cannot,
    thaw: cannot,
  }
}

async function launch(
  binary: string,
  port: number,
  dir: string,
  options: RedisServerOptions,
): Promise<ChildProcess> {
  const persistence = options.persistence
    ? ['--appendonly', 'yes', '--appendfsync', 'always']
    : ['--appendonly', 'no']
  const args = [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
    ...['--save', '', '--daemonize', 'no', '--loglevel', 'warning'],
    ...persistence,
  ]
  // redis-server logs to stdout ("Address already in use" among it): both are kept.
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const deadline = Date.now() + 15_000
  // The server answering must be this child: another one on the port is a taken port.
  while ((await answeringPid(port)) !== child.pid) {
    if (child.exitCode !== null) {
      const message = `redis-server exited with ${child.exitCode} on port ${port}: ${output}`
      throw /already in use/i.test(output) ? new PortTaken(message) : new Error(message)
    }
    if (Date.now() > deadline) {
      await stopProcess(child)
      throw new Error(`redis-server did not answer on port ${port} within 15 s: ${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return child
}

/** redis-server could not bind its port: someone took it after freePort found it free. */
class PortTaken extends Error {}

/**
 * The process id of the redis-server on `port` once it answers PING (not while it loads
 * its data), from INFO server; undefined before.
 */
function answeringPid(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    let reply = ''
    socket.setTimeout(1000, () => socket.destroy())
    socket.on('connect', () => socket.write('PING\r\nINFO server\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk.toString()
      if (/process_id:\d+\r\n/.test(reply)) socket.end()
    })
    socket.on('close', () => {
      const pid = /process_id:(\d+)\r\n/.exec(reply)?.[1]
      resolve(reply.startsWith('+PONG') && pid !== undefined ? Number(pid) : undefined)
    })
    socket.on('error', () => resolve(undefined))
  })
}
