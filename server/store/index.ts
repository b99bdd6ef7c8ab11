import { ConfigError } from '../config/errors'
import type { Logger } from '../logging/logger'
import { createMemoryStore } from './memory-store'
import { createRedisStore } from './redis-store'
import { openSqliteStore } from './sqlite-store'
import type { Store } from './types'

export type { Store } from './types'

/**
 * Opens the store named by STORE_URL: `memory:`, `sqlite:<path>` (relative paths are
 * resolved from the working directory) or `redis://...`. `logger` receives the redis
 * store's warnings (connection lost, unreadable data); default: JSON lines on stderr.
 *
 * @example const store = await createStore('sqlite:./data/porthole.db')
 */
export async function createStore(
  url: string,
  options: { logger?: Logger; redisTimeoutMs?: number } = {},
): Promise<Store> {
  if (url === 'memory:' || url === 'memory://') return createMemoryStore()
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')
    if (path.length === 0) {
      throw new ConfigError([
        {
          variable: 'STORE_URL',
          problem: 'sqlite: needs a file path, e.g. sqlite:./data/porthole.db',
        },
      ])
    }
    return openSqliteStore(path)
  }
  if (url.startsWith('redis://') || url.startsWith('rediss://'))
    return createRedisStore(url, {
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.redisTimeoutMs ? { commandTimeoutMs: options.redisTimeoutMs } : {}),
    })
  throw new ConfigError([
    {
      variable: 'STORE_URL',
      problem: `"${url}" is not a store URL: use sqlite:<path>, memory: or redis://host:port`,
    },
  ])
}
