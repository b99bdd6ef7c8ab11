import type { Logger } from '../../logging/logger'
import type { Store } from '../../store/types'
import type { ArticleStore } from './article-store'
import { createMemoryArticleStore } from './memory-article-store'
import { createRedisArticleStore } from './redis-article-store'
import { createSqliteArticleStore } from './sqlite-article-store'

/** The articles beside the conversations: the same sqlite file or Redis, or memory. */
export function createArticleStore(store: Store, logger?: Logger): ArticleStore {
  if (store.sqliteDatabase) return createSqliteArticleStore(store.sqliteDatabase)
  if (store.redisHelp)
    return createRedisArticleStore(store.redisHelp.client, store.redisHelp.prefix, {
      ...(logger ? { logger } : {}),
    })
  return createMemoryArticleStore()
}
