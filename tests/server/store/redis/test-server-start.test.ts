import { createServer, type Server } from 'node:net'
import { createClient } from 'redis'
import { afterEach, expect, it } from 'vitest'
import { freePort } from '../../../../demo/launch/free-port'
import { describeRedis, type RedisServer, startRedisServer } from '../../../../kit/redis-server'

// The tests' own redis-server (kit/redis-server.ts): a port found free can be
// taken before redis-server binds it. Such a start moves to another port, and never
// takes the server already on the port for its own.
describeRedis('the tests’ redis-server', () => {
  const started: RedisServer[] = []
  const listeners: Server[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()))
    await Promise.all(
      listeners.splice(0).map((server) => new Promise((done) => server.close(done))),
    )
  })

  /** Hands out `first`, then free ports, and counts the calls. */
  function portsFrom(first: number) {
    const handed: number[] = []
    return {
      handed,
      choosePort: async () => {
        const port = handed.length === 0 ? first : await freePort('127.0.0.1')
        handed.push(port)
        return port
      },
    }
  }

  it('starts on another port when its first one is taken by something else', async () => {
    // Something that is not Redis: it hangs up on whoever connects.
    const blocker = createServer((socket) => socket.destroy())
    listeners.push(blocker)
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done))
    const taken = (blocker.address() as { port: number }).port
    const ports = portsFrom(taken)
    const server = await startRedisServer({ choosePort: ports.choosePort })
    started.push(server)
    expect(ports.handed).toHaveLength(2)
    expect(server.port).toBe(ports.handed[1])
    expect(server.port).not.toBe(taken)
  })

  it('does not take another redis-server already on the port for its own', async () => {
    const first = await startRedisServer()
    started.push(first)
    const ports = portsFrom(first.port)
    const second = await startRedisServer({ choosePort: ports.choosePort })
    started.push(second)
    expect(ports.handed).toEqual([first.port, second.port])
    expect(second.port).not.toBe(first.port)
    // Stopping the second leaves the first serving.
    await second.stop()
    started.splice(started.indexOf(second), 1)
    const client = createClient({ url: first.url })
    await client.connect()
    expect(await client.ping()).toBe('PONG')
    await client.quit()
  })
})
