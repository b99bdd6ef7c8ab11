import { mkdirSync } from 'node:fs'
import { expect, it } from 'vitest'
import { agentConsole, waitFor } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import type { BotArticles } from '../../server/bot/articles'
import { createArticleIndex } from '../../server/help/search/index'
import { seriousWidgetViolations } from '../support/animations'
import { useBrowserDemo } from '../support/browser-demo'
import { readDemoArticles } from '../support/demo-articles'
import { bubble, messageLog, say } from '../support/widget-page'
import { visitWithChatOpen } from './support/visitor'

// Issue 34: the demo's bot answers from the demo's articles (demo/articles/), in Chromium
// against the built widget and the demo (sandbox + backend + its rules). The articles come
// from the search index in memory, as the backend's help service would give them.

const HELP_URL = 'https://northwind.example/help'
// A screenshot of the answer goes to $SHOTS (default /tmp/shots): bot-article-answer.png.
const SHOTS = process.env.SHOTS ?? '/tmp/shots'

function createDemoArticles(): BotArticles & { unanswered: string[] } {
  const index = createArticleIndex()
  const titles = new Map<string, string>()
  for (const { id, title, body, language, category, keywords } of readDemoArticles()) {
    index.upsert({ id, title, body, language, category, keywords })
    titles.set(id, title)
  }
  const unanswered: string[] = []
  return {
    unanswered,
    async search(query, options) {
      const outcome = index.search(query, options)
      return {
        confident: outcome.confident,
        results: outcome.hits.map((hit) => ({
          id: hit.id,
          title: titles.get(hit.id) ?? hit.id,
          snippet: hit.snippet,
          url: `${HELP_URL}/${hit.id}`,
        })),
      }
    },
    async recordUnanswered(question) {
      unanswered.push(question)
    },
  }
}

describeInBrowser('the bot answers from the articles (demo)', () => {
  const articles = createDemoArticles()
  const e2e = useBrowserDemo({ onlineAgent: 'Anna', articles })

  it('answers with the article and its buttons; "That helped" thanks, "Talk to a person" hands over', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    const buttons = messageLog(page).locator('.ph-quick button')

    await say(page, 'How long does shipping take?')
    const title = messageLog(page).locator('strong', { hasText: 'How long does delivery take?' })
    await title.waitFor()
    const link = messageLog(page).getByRole('link', { name: 'Read the article' })
    expect(await link.getAttribute('href')).toBe(`${HELP_URL}/shipping-times`)
    expect(await link.getAttribute('target')).toBe('_blank')
    await bubble(page, 'Did this answer your question?').waitFor()
    await expect.poll(() => buttons.allTextContents()).toEqual(['That helped', 'Talk to a person'])
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/bot-article-answer.png` })
    expect(await seriousWidgetViolations(page)).toEqual([])
    await buttons.getByText('That helped', { exact: true }).click()
    await bubble(page, 'Glad it helped! Write again if there is anything else.').waitFor()

    // Nothing answers this: asked once to say it differently, and the question is kept.
    await say(page, 'Xyzzy plugh frobozz?')
    await bubble(
      page,
      'Sorry, I could not find an answer to that. Could you say it differently?',
    ).waitFor()
    expect(articles.unanswered).toContain('Xyzzy plugh frobozz?')

    await say(page, 'How do I return an item?')
    await messageLog(page).locator('strong', { hasText: 'How do I return an item?' }).waitFor()
    await expect.poll(() => buttons.allTextContents()).toEqual(['That helped', 'Talk to a person'])
    await buttons.getByText('Talk to a person', { exact: true }).click()
    await bubble(page, 'Connecting you to an agent…').waitFor()

    // The agents see what the bot offered (the console shows the bot's messages as sent)
    // and the hand-over queues the chat for them.
    const chat = await agent.chatWith('How do I return an item?')
    const offered = await waitFor('the chat queued with the bot’s article answers', async () => {
      const response = await fetch(`${e2e.demo.sandbox.url}/console/api/chats?state=all`)
      const all: { id: string; state: string; entries: { botMessage?: unknown }[] }[] =
        await response.json()
      const current = all.find((candidate) => candidate.id === chat.id)
      return current?.state === 'queued' ? current.entries : undefined
    })
    const sent = JSON.stringify(offered.map((entry) => entry.botMessage ?? null))
    expect(sent).toContain('**How long does delivery take?**')
    expect(sent).toContain('**How do I return an item?**')
    expect(sent).toContain('"That helped"')
    await context.close()
  })
})
