import { describe, expect, it } from 'vitest'
import type { BotArticles } from '../../../server/bot/articles'
import { createRulesBrain } from '../../../server/bot/brain'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { ArticleSearchAnswer } from '../../../shared/help/article-tree'
import { ServiceToProviderEvent } from '../../../shared/protocol'
import { MAX_TEXT_LENGTH } from '../../../shared/text'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { createRecordingContext, createRecordingLogger, type SentByBot } from '../support/bot-fakes'
import { createSettingsInput } from '../support/rule-factories'

const RETURNS: ArticleSearchAnswer = {
  confident: true,
  results: [
    {
      id: 'returns-window',
      title: 'How do I return an item?',
      snippet: 'You can return unworn items within 30 days of delivery.',
      url: 'https://shop.example/help/returns-window',
    },
  ],
}

type Search = BotArticles['search']

/** Articles whose search answers with `search`, recording the searches and unanswered questions. */
function createFakeArticles(search: Search) {
  const searches: { query: string; language: string | undefined }[] = []
  const unanswered: { question: string; language: string }[] = []
  const articles: BotArticles = {
    search(query, options) {
      searches.push({ query, language: options.language })
      return search(query, options)
    },
    async recordUnanswered(question, language) {
      unanswered.push({ question, language })
    },
  }
  return { articles, searches, unanswered }
}

function setup(search: Search, options: { articleTimeoutMs?: number; settings?: object } = {}) {
  const fake = createFakeArticles(search)
  const registry = createMetricsRegistry({ processMetrics: false })
  const logger = createRecordingLogger()
  const brain = createRulesBrain({
    settings: parseBotSettings(createSettingsInput({ greeting: undefined, ...options.settings })),
    store: createMemoryStore(),
    logger,
    articles: fake.articles,
    registry,
    ...(options.articleTimeoutMs ? { articleTimeoutMs: options.articleTimeoutMs } : {}),
  })
  const sent: SentByBot = []
  const ctx = createRecordingContext(sent, logger)
  const say = (text: string) =>
    brain(
      ServiceToProviderEvent.parse(
        createClientMessageEvent({
          chat_id: 'chat-1',
          client_id: 'client-1',
          message: { type: 'TEXT', text },
        }),
      ),
      ctx,
    )
  const shown = () =>
    sent.map((item) =>
      typeof item === 'string' ? item : item.type === 'BUTTONS' ? item.title : item.text,
    )
  const metric = async (name: string) => {
    const line = (await registry.render()).split('\n').find((l) => l.startsWith(`${name} `))
    return Number(line?.split(' ')[1])
  }
  return { ...fake, say, sent, shown, logger, metric }
}

describe('the rules brain with articles', () => {
  it('answers a confident match with the article and its buttons, and counts it', async () => {
    const s = setup(async () => RETURNS)
    await s.say('Can I send my jacket back?')
    expect(s.searches).toEqual([{ query: 'Can I send my jacket back?', language: 'en' }])
    expect(s.sent.map((m) => (typeof m === 'string' ? m : m.type))).toEqual(['MARKDOWN', 'BUTTONS'])
    expect(s.shown()[0]).toContain('How do I return an item?')
    expect(await s.metric('porthole_bot_article_answers_total')).toBe(1)
  })

  it('"That helped" gets thanks and is counted; "Talk to a person" hands over', async () => {
    const s = setup(async () => RETURNS)
    await s.say('Can I send my jacket back?')
    await s.say('That helped')
    expect(s.shown().at(-1)).toBe('Glad it helped! Write again if there is anything else.')
    expect(await s.metric('porthole_bot_article_helped_total')).toBe(1)
    await s.say('Talk to a person')
    expect(s.shown().slice(-2)).toEqual(['Connecting you to an agent…', 'INVITE_AGENT'])
    expect(s.searches).toHaveLength(1)
  })

  it('not confident: asks once and records the question, then hands over', async () => {
    const s = setup(async () => ({ confident: false, results: [] }))
    await s.say('Can I pay with seashells?')
    expect(s.shown()).toEqual([
      'Sorry, I could not find an answer to that. Could you say it differently?',
    ])
    await s.say('Шлёпанцы из ракушек принимаете?')
    expect(s.shown().slice(1)).toEqual(['Соединяю вас с оператором…', 'INVITE_AGENT'])
    expect(s.unanswered).toEqual([
      { question: 'Can I pay with seashells?', language: 'en' },
      { question: 'Шлёпанцы из ракушек принимаете?', language: 'ru' },
    ])
    expect(await s.metric('porthole_bot_article_rephrase_asks_total')).toBe(1)
    expect(await s.metric('porthole_bot_article_misses_total')).toBe(1)
  })

  it('keeps an unanswered question of any length cut to one chat message', async () => {
    const s = setup(async () => ({ confident: false, results: [] }))
    await s.say(`Seashells ${'and pearls '.repeat(3000)}?`)
    expect(s.unanswered[0]?.question.length).toBe(MAX_TEXT_LENGTH)
  })

  it('a search that throws: hands over as without articles, logged and counted', async () => {
    const s = setup(async () => {
      throw new Error('index unavailable')
    })
    await s.say('Can I send my jacket back?')
    expect(s.shown()).toEqual(['Connecting you to an agent…', 'INVITE_AGENT'])
    expect(s.logger.lines.some((line) => line.level === 'error')).toBe(true)
    expect(await s.metric('porthole_bot_article_search_failures_total')).toBe(1)
  })

  it('a search that never answers: hands over after the time-out', async () => {
    const s = setup(() => new Promise(() => {}), { articleTimeoutMs: 20 })
    await s.say('Can I send my jacket back?')
    expect(s.shown()).toEqual(['Connecting you to an agent…', 'INVITE_AGENT'])
  })

  it('a hand-over phrase goes to a person without a search', async () => {
    const s = setup(async () => RETURNS)
    await s.say('I need a human')
    expect(s.searches).toEqual([])
    expect(s.shown()).toEqual(['Connecting you to an agent…', 'INVITE_AGENT'])
  })

  it('with no published article, hands over as without articles: no search, no "say it differently?"', async () => {
    const s = setup(async () => ({ results: [], confident: false }))
    s.articles.published = () => 0
    await s.say('Can I send my jacket back?')
    expect(s.searches).toEqual([])
    expect(s.shown()).toEqual(['Connecting you to an agent…', 'INVITE_AGENT'])
  })

  it('with bot.articleAnswers false, nothing is searched', async () => {
    const s = setup(async () => RETURNS, { settings: { articleAnswers: false } })
    await s.say('Can I send my jacket back?')
    expect(s.searches).toEqual([])
    expect(s.shown()).toEqual(['Connecting you to an agent…', 'INVITE_AGENT'])
  })
})
