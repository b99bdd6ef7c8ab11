// The backend a capacity test's child process runs (heartbeat-probe.ts, idle-stream-probe.ts):
// the memory store on a free loopback port, limits out of the way of thousands of streams
// from one address, and the parent's messages: `stop` closes it and exits, anything else
// goes to `answer`, whose result (if any) is sent back. Tells the parent its URL.
import { startServer } from '../../../server/start'
import { createMemoryStore } from '../../../server/store/memory-store'

export async function runProbeBackend(
  env: Record<string, string>,
  answer: (message: unknown) => object | undefined | Promise<object | undefined>,
): Promise<void> {
  const server = await startServer({
    store: createMemoryStore(),
    host: '127.0.0.1',
    port: 0,
    env: {
      CHANNEL_URL: 'http://127.0.0.1:9/probe-random/probe-channel',
      WEBHOOK_SECRET: 'w'.repeat(32),
      SESSION_SECRET: 's'.repeat(64),
      STORE_URL: 'memory:',
      LOG_LEVEL: 'error',
      RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
      MAX_STREAMS_PER_IP: '100000',
      ...env,
    },
  })
  // Not an async function, and a synchronous answer is sent as it is: a probe that counts
  // the promises the process makes must not count its own answers' (a poll every 50 ms
  // would make a count that grows with the machine's slowness).
  process.on('message', (message) => {
    if (message === 'stop') {
      void server.close().then(() => process.exit(0))
      return
    }
    const reply = answer(message)
    if (reply instanceof Promise) void reply.then((value) => value && process.send?.(value))
    else if (reply) process.send?.(reply)
  })
  process.send?.({ url: server.url })
}
