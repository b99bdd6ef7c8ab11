import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { describeRedis } from '../../../../kit/redis-server'
import { checkArticle, MAX_ARTICLE_BYTES } from '../../../../server/help/article'
import { parseNdjson } from '../../../../server/help/import/ndjson'
import {
  type ArticleChange,
  type ArticleStore,
  TooManyArticlesError,
} from '../../../../server/help/store/article-store'
import { createMemoryArticleStore } from '../../../../server/help/store/memory-article-store'
import { createRedisArticleStore } from '../../../../server/help/store/redis-article-store'
import { createSqliteArticleStore } from '../../../../server/help/store/sqlite-article-store'
import { createStoredArticle } from '../../support/article-factories'
import { useRedisInstances } from '../../support/redis-instances'

type Open = (maxArticles?: number) => Promise<ArticleStore>

const describeChange = (c: ArticleChange) =>
  c.kind === 'put' ? `put ${c.stored.article.id}` : c.kind === 'delete' ? `delete ${c.id}` : c.kind

function conformance(open: Open) {
  it('puts, replaces, gets, lists and deletes', async () => {
    const store = await open()
    await store.put(createStoredArticle({ id: 'returns', category: 'Orders', updatedAt: 1 }))
    await store.put(
      createStoredArticle({ id: 'sizes', title: 'Size guide', language: 'ru', updatedAt: 2 }),
    )
    await store.put(
      createStoredArticle({
        id: 'returns',
        title: 'Returns (new)',
        category: 'Orders',
        updatedAt: 3,
      }),
    )
    expect(await store.count()).toBe(2)
    expect((await store.get('returns'))?.article.title).toBe('Returns (new)')
    expect((await store.get('returns'))?.blocks[0]?.type).toBe('paragraph')
    const list = await store.list({})
    expect(list.articles.map((a) => a.id)).toEqual(['returns', 'sizes'])
    expect(list).toMatchObject({ total: 2, categories: ['Orders'], languages: ['en', 'ru'] })
    expect((await store.list({ q: 'SIZE' })).articles.map((a) => a.id)).toEqual(['sizes'])
    expect((await store.list({ language: 'ru' })).total).toBe(1)
    expect(await store.delete('sizes')).toBe(true)
    expect(await store.delete('sizes')).toBe(false)
    expect(await store.get('sizes')).toBeUndefined()
    store.close()
  })

  it('refuses past the article cap, and putMany stores nothing then', async () => {
    const store = await open(2)
    await store.put(createStoredArticle({ id: 'a' }))
    await store.putMany([createStoredArticle({ id: 'a' }), createStoredArticle({ id: 'b' })])
    await expect(store.put(createStoredArticle({ id: 'c' }))).rejects.toBeInstanceOf(
      TooManyArticlesError,
    )
    await expect(
      store.putMany([
        createStoredArticle({ id: 'a', title: 'Changed' }),
        createStoredArticle({ id: 'c' }),
      ]),
    ).rejects.toThrow(/limit is 2/)
    expect((await store.get('a'))?.article.title).toBe('Returns and refunds')
    expect(await store.count()).toBe(2)
    store.close()
  })

  it('imports nothing from an NDJSON text whose line 3 is bad', async () => {
    const store = await open()
    const line = (id: string) => JSON.stringify({ id, title: id, body: 'Text', language: 'en' })
    const text = [line('one'), line('two'), '{"id":"BAD ID"}', line('four')].join('\n')
    const parsed = parseNdjson(text, 1)
    expect(parsed).toMatchObject({ ok: false, line: 3 })
    if (parsed.ok) await store.putMany(parsed.articles)
    expect(await store.count()).toBe(0)
    store.close()
  })

  it('counts, and keeps the unanswered questions most asked first', async () => {
    const store = await open()
    await store.increment('searches')
    await store.increment('searches', 2)
    await store.recordUnanswered('where is my parcel', 'en', 10)
    await store.recordUnanswered('gift wrapping please', 'en', 11)
    await store.recordUnanswered('where is my parcel', 'en', 12)
    expect((await store.counters()).searches).toBe(3)
    expect(await store.topUnanswered(5)).toEqual([
      { question: 'where is my parcel', language: 'en', count: 2, lastAt: 12 },
      { question: 'gift wrapping please', language: 'en', count: 1, lastAt: 11 },
    ])
    store.close()
  })

  it('tells a watcher about puts and deletes', async () => {
    const store = await open()
    const seen: ArticleChange[] = []
    await store.watch((change) => seen.push(change))
    await store.put(createStoredArticle({ id: 'watched' }))
    await store.delete('watched')
    await expect
      .poll(() => seen.map(describeChange))
      .toEqual(expect.arrayContaining(['delete watched']))
    store.close()
  })
}

describe('checkArticle', () => {
  const input = { title: 'T', body: 'B', language: 'en', published: true, featured: false }

  it('refuses a body past 200 KB and names the field', () => {
    const body = 'é'.repeat(MAX_ARTICLE_BYTES / 2 + 1)
    expect(checkArticle('big', { ...input, body }, 1)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^body: .*200 KB/),
    })
    expect(checkArticle('big', { ...input, body: 'é'.repeat(MAX_ARTICLE_BYTES / 2) }, 1).ok).toBe(
      true,
    )
  })

  it('refuses ids that are not slugs, and non-http(s) urls', () => {
    expect(checkArticle('../etc', input, 1).ok).toBe(false)
    expect(checkArticle('ok', { ...input, url: 'javascript:alert(1)' }, 1)).toMatchObject({
      problem: expect.stringMatching(/^url:/),
    })
  })
})

describe('memory article store', () =>
  conformance(async (max) => createMemoryArticleStore(max ? { maxArticles: max } : {})))

describe('sqlite article store', () =>
  conformance(async (max) =>
    createSqliteArticleStore(new Database(':memory:'), max ? { maxArticles: max } : {}),
  ))

describeRedis('redis article store', () => {
  const redis = useRedisInstances()
  conformance(async (max) => {
    const store = await redis.openStore({ prefix: `t${randomUUID().slice(0, 8)}:` })
    const shared = store.redisHelp
    if (!shared) throw new Error('the redis: store has no redisHelp')
    return createRedisArticleStore(shared.client, shared.prefix, {
      pollMs: 50,
      ...(max ? { maxArticles: max } : {}),
    })
  })
})
