// A throw-away redis-server for the redis: delivery run, on a free loopback port.
import { spawn } from 'node:child_process'
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { stopChild } from './processes.mjs'

export function findRedisServer() {
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

export async function startRedis(binary) {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-bench-redis-'))
  const port = await freePort()
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: 'ignore' },
  )
  const deadline = Date.now() + 15_000
  while (!(await answersPing(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`)
    if (Date.now() > deadline) throw new Error('redis-server did not answer PING within 15 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      await stopChild(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    let reply = ''
    socket.setTimeout(1000, () => socket.destroy())
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk
      if (reply.includes('\r\n')) socket.end()
    })
    socket.on('close', () => resolve(reply.startsWith('+PONG')))
    socket.on('error', () => resolve(false))
  })
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}
