import type { Logger } from '../../logging/logger'
import type { RedisClient } from '../../store/redis/connection'
import { runScript } from '../../store/redis/scripts'
import { MAX_ARTICLES, StoredArticle } from '../article'
import {
  type ArticleChange,
  type ArticleStore,
  MAX_UNANSWERED,
  TooManyArticlesError,
} from './article-store'
import { countersFrom, listSummaries, summaryOf } from './list-articles'
import { ASK, DELETE_ARTICLE, PUT_ARTICLES } from './redis-article-scripts'

/** How often each instance asks Redis whether the articles changed. */
export const POLL_MS = 1000
/** Past this many changes at once an instance reloads everything instead. */
const MAX_REPLAYED = 1000

function parseStored(json: string): StoredArticle {
  return StoredArticle.parse(JSON.parse(json)) as StoredArticle
}

/**
 * The articles of a redis: store, shared by every instance: each one polls the change
 * counter every POLL_MS and replays what changed since (a Redis that lost its data, or
 * a gap too large, makes it reload everything).
 */
export function createRedisArticleStore(
  client: RedisClient,
  prefix: string,
  options: { maxArticles?: number; logger?: Logger; pollMs?: number } = {},
): ArticleStore {
  const max = options.maxArticles ?? MAX_ARTICLES
  const k = {
    articles: `${prefix}articles`,
    summaries: `${prefix}summaries`,
    version: `${prefix}version`,
    changes: `${prefix}changes`,
    epoch: `${prefix}epoch`,
    counters: `${prefix}counters`,
    unanswered: `${prefix}unanswered`,
    last: `${prefix}unanswered-at`,
  }
  const changeKeys = [k.articles, k.summaries, k.version, k.changes, k.epoch]
  const listeners = new Set<(change: ArticleChange) => void>()
  let timer: ReturnType<typeof setInterval> | undefined
  let seen: { version: number; epoch: string | null } | undefined
  let polling = false
  let down = false

  const emit = (change: ArticleChange) => {
    for (const listener of listeners) listener(change)
  }
  async function position() {
    const [version, epoch] = await client.mGet([k.version, k.epoch])
    return { version: Number(version ?? 0), epoch: epoch ?? null }
  }
  async function poll() {
    if (polling || !seen) return
    polling = true
    try {
      const now = await position()
      down = false
      const from = seen.version
      // An instance that saw no epoch yet (nothing saved) replays from 0: no reload needed.
      const lost = seen.epoch !== null && now.epoch !== seen.epoch
      if (lost || now.version < from) {
        seen = now
        emit({ kind: 'reload' })
        return
      }
      if (now.version === from) return
      const changed = await client.zRangeByScoreWithScores(k.changes, `(${from}`, '+inf', {
        LIMIT: { offset: 0, count: MAX_REPLAYED + 1 },
      })
      if (changed.length > MAX_REPLAYED) {
        seen = now
        emit({ kind: 'reload' })
        return
      }
      const ids = changed.map((c) => c.value)
      const values = ids.length ? await client.hmGet(k.articles, ids) : []
      ids.forEach((id, i) => {
        const json = values[i]
        emit(json ? { kind: 'put', stored: parseStored(json) } : { kind: 'delete', id })
      })
      seen = { version: Math.max(from, ...changed.map((c) => c.score)), epoch: now.epoch }
    } catch (error) {
      if (!down)
        options.logger?.warn("help: cannot read the articles' changes from Redis", { error })
      down = true
    } finally {
      polling = false
    }
  }

  async function putAll(stored: StoredArticle[]) {
    if (stored.length === 0) return
    const args = [String(max)]
    for (const one of stored)
      args.push(one.article.id, JSON.stringify(one), JSON.stringify(summaryOf(one)))
    const [outcome, count] = (await runScript(client, PUT_ARTICLES, changeKeys, args)) as number[]
    if (outcome === -1) throw new TooManyArticlesError(count ?? 0, max)
  }

  return {
    put: (stored) => putAll([stored]),
    putMany: putAll,
    async get(id) {
      const json = await client.hGet(k.articles, id)
      return json ? parseStored(json) : undefined
    },
    async delete(id) {
      return (await runScript(client, DELETE_ARTICLE, changeKeys, [id])) === 1
    },
    async list(filter) {
      const summaries = Object.values(await client.hGetAll(k.summaries))
      return listSummaries(
        summaries.map((json) => JSON.parse(json)),
        filter,
      )
    },
    all: async () => Object.values(await client.hGetAll(k.articles)).map(parseStored),
    count: () => client.hLen(k.articles),
    async watch(listener) {
      listeners.add(listener)
      if (!seen) seen = await position()
      timer ??= setInterval(() => void poll(), options.pollMs ?? POLL_MS)
      timer.unref?.()
      return () => {
        listeners.delete(listener)
      }
    },
    async increment(counter, by = 1) {
      await client.hIncrBy(k.counters, counter, by)
    },
    counters: async () =>
      countersFrom(
        Object.entries(await client.hGetAll(k.counters)).map(([n, v]) => [n, Number(v)]),
      ),
    async recordUnanswered(question, language, at) {
      const member = `${language}\n${question}`
      await runScript(
        client,
        ASK,
        [k.unanswered, k.last],
        [member, String(at), String(MAX_UNANSWERED)],
      )
    },
    async topUnanswered(limit) {
      const top = await client.zRangeWithScores(k.unanswered, 0, limit - 1, { REV: true })
      if (top.length === 0) return []
      const ats = await client.hmGet(
        k.last,
        top.map((t) => t.value),
      )
      return top.map((t, i) => {
        const [language = '', ...rest] = t.value.split('\n')
        return { question: rest.join('\n'), language, count: t.score, lastAt: Number(ats[i] ?? 0) }
      })
    },
    close() {
      if (timer) clearInterval(timer)
      timer = undefined
      listeners.clear()
    },
  }
}
