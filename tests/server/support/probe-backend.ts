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
  process.on('message', async (message) => {
    if (message === 'stop') {
      await server.close()
      process.exit(0)
    }
    const reply = await answer(message)
    if (reply) process.send?.(reply)
  })
  process.send?.({ url: server.url })
}
