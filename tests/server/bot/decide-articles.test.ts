import { describe, expect, it } from 'vitest'
import { type BotChat, newBotChat } from '../../../server/bot/bot-chat'
import { type ArticleFound, decide } from '../../../server/bot/decide'
import { createMatcher } from '../../../server/bot/matcher'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import { ARTICLE_HELPED_BUTTON_ID } from '../../../server/rich-replies/article-buttons'
import type { ArticleResult } from '../../../shared/help/article-tree'
import type { BotMessagePayload } from '../../../shared/protocol'
import { HANDOVER_BUTTON_ID } from '../../../shared/settings/bot-rules'
import { MAX_TEXT_LENGTH } from '../../../shared/text'
import { createSettingsInput } from '../support/rule-factories'

function setup(overrides: Record<string, unknown> = {}) {
  const settings = parseBotSettings(createSettingsInput(overrides))
  const matcher = createMatcher(settings)
  return (state: BotChat, message: string | BotMessagePayload, article?: ArticleFound) =>
    decide(
      settings,
      matcher,
      state,
      typeof message === 'string' ? { type: 'TEXT', text: message } : message,
      article ? { article } : {},
    )
}

const greeted = (overrides: Partial<BotChat> = {}): BotChat => ({
  ...newBotChat('c1'),
  greeted: true,
  ...overrides,
})

const createArticleResult = (overrides: Partial<ArticleResult> = {}): ArticleResult => ({
  id: 'returns-window',
  title: 'How do I return an item?',
  snippet: 'You can return unworn items within 30 days of delivery.',
  url: 'https://shop.example/help/returns-window',
  ...overrides,
})

describe('decide with the site’s articles', () => {
  it('names the question to search, in the visitor’s language, when only a hand-over is left', () => {
    const d = setup()(greeted(), 'Как вернуть товар?')
    expect(d.question).toEqual({ text: 'Как вернуть товар?', language: 'ru' })
    expect(d.invite).toBe(true)
  })

  it('answers with the article (title in bold, passage, link) and the two buttons', () => {
    const d = setup()(greeted(), 'Can I send it back?', { found: createArticleResult() })
    expect(d.invite).toBe(false)
    expect(d.articles).toBe('answered')
    expect(d.question).toBeUndefined()
    const [markdown, buttons] = d.replies
    expect(markdown).toEqual({
      type: 'MARKDOWN',
      content:
        'This article may answer your question:\n\n**How do I return an item?**\n\nYou can return unworn items within 30 days of delivery.\n\n[Read the article](https://shop.example/help/returns-window)',
      text: 'This article may answer your question:\n\nHow do I return an item?\n\nYou can return unworn items within 30 days of delivery.\n\nhttps://shop.example/help/returns-window',
    })
    expect(buttons).toEqual({
      type: 'BUTTONS',
      title: 'Did this answer your question?',
      text: 'Did this answer your question? “That helped” / “Talk to a person”',
      buttons: [
        { id: ARTICLE_HELPED_BUTTON_ID, text: 'That helped' },
        { id: HANDOVER_BUTTON_ID, text: 'Talk to a person' },
      ],
    })
  })

  it('keeps an article’s Markdown characters as text and its link to http(s)', () => {
    const d = setup()(greeted(), 'Can I send it back?', {
      found: createArticleResult({
        title: 'Returns **now** [free](javascript:alert(1))',
        url: 'javascript:alert(1)',
      }),
    })
    const content = d.replies[0]?.type === 'MARKDOWN' ? d.replies[0].content : ''
    expect(content).toContain('**Returns \\*\\*now\\*\\* \\[free\\]\\(javascript:alert\\(1\\)\\)**')
    expect(content).not.toContain('](')
  })

  it('asks to say it differently the first time no article answers, then hands over', () => {
    const choose = setup()
    const first = choose(greeted(), 'Can I pay with seashells?', { found: undefined })
    expect(first.replies).toEqual([
      {
        type: 'TEXT',
        text: 'Sorry, I could not find an answer to that. Could you say it differently?',
      },
    ])
    expect(first.invite).toBe(false)
    expect(first.articles).toBe('rephrase')
    const second = choose(first.state, 'Do you take shells as money?', { found: undefined })
    expect(second.invite).toBe(true)
    expect(second.articles).toBe('missed')
    expect(second.state.phase).toBe('handover')
  })

  it('with nobody online, hands a question no article answers to the team at once', () => {
    const settings = parseBotSettings(createSettingsInput())
    const decision = decide(
      settings,
      createMatcher(settings),
      greeted(),
      { type: 'TEXT', text: 'Please call me back about a group order.' },
      { agentsOnline: false, article: { found: undefined } },
    )
    expect(decision.invite).toBe(true)
    expect(decision.articles).toBe('missed')
    expect(JSON.stringify(decision.replies)).not.toContain('differently')
  })

  it('asks again after an answer that found an article in between', () => {
    const choose = setup()
    const miss = choose(greeted(), 'seashells?', { found: undefined })
    const hit = choose(miss.state, 'returns?', { found: createArticleResult() })
    const again = choose(hit.state, 'pearls?', { found: undefined })
    expect(again.articles).toBe('rephrase')
    expect(again.invite).toBe(false)
  })

  it('thanks for "That helped", pressed or typed, in the visitor’s language, without a hand-over', () => {
    const choose = setup()
    const pressed = choose(greeted(), {
      type: 'TEXT',
      text: 'That helped',
      button_id: ARTICLE_HELPED_BUTTON_ID,
    })
    expect(pressed.replies).toEqual([
      { type: 'TEXT', text: 'Glad it helped! Write again if there is anything else.' },
    ])
    expect(pressed.invite).toBe(false)
    expect(pressed.articles).toBe('helped')
    const typed = choose(greeted(), 'это помогло')
    expect(typed.replies).toEqual([
      { type: 'TEXT', text: 'Рады, что помогло! Пишите, если будут ещё вопросы.' },
    ])
  })

  it('hands "Talk to a person" (Russian, typed) straight to an agent, without a search', () => {
    const d = setup()(greeted(), 'Позвать человека')
    expect(d.invite).toBe(true)
    expect(d.question).toBeUndefined()
  })

  it('never searches for a hand-over phrase', () => {
    const d = setup()(greeted(), 'I want a real person about my return')
    expect(d.invite).toBe(true)
    expect(d.question).toBeUndefined()
  })

  it('does not search, answer or ask when bot.articleAnswers is false', () => {
    const choose = setup({ articleAnswers: false })
    expect(choose(greeted(), 'Can I send it back?').question).toBeUndefined()
    const d = choose(greeted(), 'Can I send it back?', { found: createArticleResult() })
    expect(d.invite).toBe(true)
    expect(d.articles).toBeUndefined()
  })

  it('lets the owner’s rules answer first', () => {
    const d = setup()(greeted(), 'When are you open?', { found: createArticleResult() })
    expect(d.replies).toEqual([
      { type: 'TEXT', text: 'We are open Monday to Friday, 9:00 to 18:00.' },
    ])
    expect(d.question).toBeUndefined()
  })

  it('does not search while waiting for an agent or for contact details', () => {
    const choose = setup()
    expect(choose(greeted({ phase: 'handover' }), 'returns?').question).toBeUndefined()
    expect(choose(greeted({ phase: 'awaiting-contact' }), 'returns?').question).toBeUndefined()
  })
})

describe('an article answer’s size', () => {
  it('fits one chat message however long the article’s title, passage and link', () => {
    const d = setup()(greeted(), 'Can I send it back?', {
      found: createArticleResult({
        title: 'T'.repeat(5000),
        snippet: 'passage '.repeat(2000),
        url: `https://shop.example/help/${'a'.repeat(360)}`,
      }),
    })
    const answer = d.replies[0]
    expect(answer?.type).toBe('MARKDOWN')
    expect(answer?.text?.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH)
    expect(answer?.text).toContain(`/help/${'a'.repeat(360)}`)
    expect(answer?.text).toContain('…')
  })

  it('leaves a link too long for one message out, and keeps the title', () => {
    const d = setup()(greeted(), 'Can I send it back?', {
      found: createArticleResult({ url: `https://shop.example/help/${'a'.repeat(2000)}` }),
    })
    const answer = d.replies[0]
    expect(answer?.text).not.toContain('https://')
    expect(answer?.type === 'MARKDOWN' ? answer.content : '').not.toContain('Read the article')
    expect(answer?.text).toContain('How do I return an item?')
  })
})

describe('asking to rephrase', () => {
  it('counts misses in a row only: a rule’s answer in between starts afresh', () => {
    const choose = setup()
    const miss = choose(greeted(), 'seashells?', { found: undefined })
    const rule = choose(miss.state, 'When are you open?')
    const again = choose(rule.state, 'pearls?', { found: undefined })
    expect(again.articles).toBe('rephrase')
    expect(again.invite).toBe(false)
  })
})
