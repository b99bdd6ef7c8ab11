import { createClient } from 'redis'
import { ConfigError } from '../../config/errors'
import { StoreError } from '../errors'

export type RedisClient = ReturnType<typeof createClient>

export type ConnectionOptions = {
  url: string
  /** Longest wait between reconnection attempts (ms); attempts back off up to it. */
  maxReconnectDelayMs: number
  onError(error: unknown): void
}

/**
 * The two connections of one store: `main` for commands and `subscriber` for pub/sub
 * (a subscribed connection can run nothing else). Both reconnect by themselves; the
 * subscriber then resubscribes before it reports `ready` again.
 */
export async function connectRedis(
  options: ConnectionOptions,
): Promise<{ main: RedisClient; subscriber: RedisClient; target: string }> {
  const target = describeTarget(options.url)
  let connectedOnce = false
  const reconnectStrategy = (retries: number, cause: Error): number | Error => {
    // At start-up a wrong STORE_URL should stop the process, not retry for ever.
    if (!connectedOnce && retries >= 3) {
      return new StoreError(
        `cannot connect to Redis at ${target} (${cause.message}): check STORE_URL and that redis-server is running`,
        { cause },
      )
    }
    return Math.min(50 * 2 ** retries, options.maxReconnectDelayMs)
  }
  const main = createClient({
    url: options.url,
    // Fail at once while Redis is away: a webhook then gets a non-ok answer and the
    // service retries, instead of a request hanging on a queue that may never drain.
    disableOfflineQueue: true,
    socket: { reconnectStrategy, connectTimeout: 5000 },
  })
  // The subscriber queues its SUBSCRIBEs while away; node-redis replays them on reconnect.
  const subscriber = main.duplicate({ disableOfflineQueue: false })
  reportLoss(main, 'commands', options.onError)
  reportLoss(subscriber, 'pub/sub', options.onError)
  const results = await Promise.allSettled([main.connect(), subscriber.connect()])
  const failure = results.find((result) => result.status === 'rejected')
  if (failure) {
    for (const client of [main, subscriber]) if (client.isOpen) client.destroy()
    const cause: unknown = failure.reason
    if (cause instanceof StoreError) throw cause
    throw new StoreError(`cannot connect to Redis at ${target}: ${String(cause)}`, { cause })
  }
  connectedOnce = true
  return { main, subscriber, target }
}

/** Resolves once `client` is connected (at once if it is), or rejects after `timeoutMs`. */
export function whenReady(client: RedisClient, timeoutMs: number): Promise<void> {
  if (client.isReady) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady)
      reject(new StoreError(`Redis did not come back within ${timeoutMs} ms`))
    }, timeoutMs)
    const onReady = () => {
      clearTimeout(timer)
      resolve()
    }
    client.once('ready', onReady)
  })
}

// node-redis emits 'error' for every failed reconnection attempt: report the first one
// of each outage only, so a Redis restart is one log line, not hundreds.
function reportLoss(client: RedisClient, role: string, onError: (error: unknown) => void): void {
  let down = false
  client.on('error', (error: unknown) => {
    if (down) return
    down = true
    const message = error instanceof Error ? error.message : String(error)
    onError(new StoreError(`Redis ${role} connection lost (${message}); reconnecting`))
  })
  client.on('ready', () => {
    down = false
  })
}

/** host:port/db without credentials, for messages and logs; a ConfigError for a bad URL. */
function describeTarget(url: string): string {
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  const database = parsed?.pathname.replace(/^\//, '') ?? ''
  if (
    !parsed ||
    !['redis:', 'rediss:'].includes(parsed.protocol) ||
    !parsed.hostname ||
    !/^(\d{1,2})?$/.test(database)
  ) {
    throw new ConfigError([
      {
        variable: 'STORE_URL',
        problem:
          'is not a valid Redis URL: use redis://[user:password@]host[:port][/db] (rediss:// for TLS)',
      },
    ])
  }
  return `${parsed.hostname}:${parsed.port || 6379}${database ? `/${database}` : ''}`
}
