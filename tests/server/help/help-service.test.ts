import { describe, expect, it } from 'vitest'
import { createHelp } from '../../../server/help/help-service'
import { createMemoryArticleStore } from '../../../server/help/store/memory-article-store'
import { createLogger } from '../../../server/logging/logger'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createStoredArticle } from '../support/article-factories'

function help(articles = createMemoryArticleStore()) {
  return createHelp({
    articles,
    store: createMemoryStore(),
    publicUrl: 'https://chat.example/',
    registry: createMetricsRegistry(),
    now: () => 42,
    logger: createLogger({ level: 'error', write: () => {} }),
  })
}

describe('the help service', () => {
  it('keeps counts a failed store write could not save, for the next flush', async () => {
    const articles = createMemoryArticleStore()
    const increment = articles.increment
    let failing = true
    articles.increment = async (counter, by) => {
      if (failing) throw new Error('store away')
      return increment(counter, by)
    }
    const h = help(articles)
    await h.search('one')
    await h.search('two')
    await expect(h.flush()).rejects.toThrow('store away')
    failing = false
    expect((await h.stats()).searches).toBe(2)
  })

  it('reports the written answers’ fallbacks by reason beside their total', async () => {
    const h = help()
    for (const counter of ['modelFallbacks', 'modelFallbacks', 'modelFallbacks'] as const)
      h.count(counter)
    h.count('modelFallback:timeout')
    h.count('modelFallback:timeout')
    h.count('modelFallback:no_citation')
    const stats = await h.stats()
    expect(stats.modelFallbacks).toBe(3)
    expect(stats.modelFallbackReasons).toEqual({ timeout: 2, no_citation: 1 })
    expect(Object.keys(stats).filter((key) => key.includes(':'))).toEqual([])
  })

  it('finds an article saved after start, links to /help/<id>, and forgets it once unpublished', async () => {
    const articles = createMemoryArticleStore()
    const h = help(articles)
    await h.start()
    await articles.put(createStoredArticle({ id: 'returns' }))
    const answer = await h.search('refund days label')
    expect(answer.results[0]).toMatchObject({
      id: 'returns',
      url: 'https://chat.example/help/returns',
    })
    await articles.put(createStoredArticle({ id: 'returns', published: false }))
    expect((await h.search('refund days label')).results).toEqual([])
    await h.stop()
  })
})
