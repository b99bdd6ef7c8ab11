import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { agentConsole, textOf } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import { type FakeModelRequest, type FakeOpenAi, startFakeOpenAi } from '../../kit/fake-openai'
import { seriousWidgetViolations } from '../support/animations'
import { useBrowserDemo } from '../support/browser-demo'
import { axeViolations } from '../support/studio-axe'
import { bubble, messageLog, say } from '../support/widget-page'
import { visitWithChatOpen } from './support/visitor'

// Issue 37: the bot's answers written by a model, in Chromium against the built widget,
// the built studio and the demo, with ANSWERS_LLM_URL on the loopback fake model. The site
// owner turns them on in the studio and tries a question in "Ask the bot"; a visitor gets
// the written answer with its links and buttons, and "Talk to a person" hands over.

const PASSWORD = 'correct horse battery staple'
// Screenshots (the Bot section's fields, the console on a desktop and a phone, the widget's
// written answer) go to $STUDIO_ASK_SHOTS (default /tmp/shots; docs/images for the docs).
const SHOTS = process.env.STUDIO_ASK_SHOTS ?? '/tmp/shots'
const QUESTION = 'Can I return an item I have not worn?'

type GivenPassage = { id: string; title: string; url: string; text: string }

/** The passages the backend gave the model (the user message is JSON data). */
function passagesOf(request: FakeModelRequest): GivenPassage[] {
  const data = request.body?.messages?.find((message) => message.role === 'user')?.content
  const parsed: unknown = data ? JSON.parse(data) : undefined
  return (parsed as { passages?: GivenPassage[] } | undefined)?.passages ?? []
}

/** A model that answers from the first passage it is given, citing it and linking to it. */
function citeFirstPassage(request: FakeModelRequest) {
  const [first] = passagesOf(request)
  if (!first) return { content: 'NO_ANSWER' }
  return {
    content: `Yes: unworn items go back within **30 days** [[${first.id}]]. The details are in [${first.title}](${first.url}).`,
  }
}

describeInBrowser('written answers from the model (demo, fake model)', () => {
  let model: FakeOpenAi
  const env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD }
  beforeAll(async () => {
    model = await startFakeOpenAi()
    model.setDefault(citeFirstPassage)
    env.ANSWERS_LLM_URL = model.url
    env.ANSWERS_LLM_MODEL = 'fake-model'
  })
  const e2e = useBrowserDemo({ onlineAgent: 'Anna', env })
  afterAll(() => model?.close())

  const studioUrl = () => `${new URL(e2e.demo.siteUrl).origin}/admin`

  async function logIn(page: Page) {
    await page.goto(studioUrl())
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Saved · version 1').waitFor()
  }

  /** The site owner turns written answers on and tries a question in "Ask the bot". */
  async function turnOnAndTry() {
    const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 1000 } })
    await logIn(page)
    const bot = page.locator('#bot')
    await bot.getByText('Written answers', { exact: true }).waitFor()
    expect(await bot.getByText(/No model is configured on the server/).count()).toBe(0)
    await bot.getByLabel('Write answers with the model from the articles').check()
    await bot.getByLabel('Instructions for the model').fill('Be brief and friendly.')
    mkdirSync(SHOTS, { recursive: true })
    // Down to the languages' hint: the system's fonts may lack some languages' own names.
    const fields = await bot.locator('.model-answers').boundingBox()
    const ticks = await bot.locator('.model-answers .ticks').boundingBox()
    if (fields && ticks)
      await page.screenshot({
        path: `${SHOTS}/studio-model-answers.png`,
        clip: {
          x: fields.x - 12,
          y: fields.y - 12,
          width: fields.width + 24,
          height: ticks.y - fields.y + 4,
        },
      })
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved · version 2').waitFor()

    const ask = page.locator('#ask')
    await ask.getByLabel('Question').fill(QUESTION)
    await ask.getByRole('button', { name: 'Ask' }).click()
    const answer = ask.getByRole('article', { name: 'Answer' })
    await answer.getByText(/unworn items go back within/).waitFor()
    const link = answer.getByRole('link')
    expect(await link.getAttribute('href')).toMatch(/^https?:\/\//)
    const passages = ask.getByRole('list', { name: /Passages found/ }).getByRole('listitem')
    expect(await passages.count()).toBeGreaterThan(0)
    const first = passagesOf(model.requests.at(-1) as FakeModelRequest)[0]
    expect(await passages.first().textContent()).toContain(first?.title)
    expect(await ask.getByRole('list', { name: 'Cites' }).textContent()).toContain(first?.title)
    await ask.getByText(/tokens in, \d+ out/).waitFor()
    // The instructions saved went to the model with the question.
    expect(model.promptOf()).toContain('Be brief and friendly.')
    expect(await axeViolations(page)).toEqual([])

    await ask.scrollIntoViewIfNeeded()
    await ask.screenshot({ path: `${SHOTS}/studio-ask-the-bot.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await ask.screenshot({ path: `${SHOTS}/studio-ask-the-bot-phone.png` })
    expect(await axeViolations(page)).toEqual([])
    await page.close()
  }

  it('the studio turns them on and Ask the bot shows the passages and the answer; a visitor gets it with links and buttons; "Talk to a person" hands over', async () => {
    await turnOnAndTry()

    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    const asked = model.requests.length
    await say(page, QUESTION)
    const written = messageLog(page).getByText(/unworn items go back within/)
    await written.waitFor()
    const links = messageLog(page).locator('.ph-bubble a')
    await expect.poll(() => links.count()).toBeGreaterThan(0)
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^https?:\/\//)
    const buttons = messageLog(page).locator('.ph-quick button')
    await expect.poll(() => buttons.allTextContents()).toEqual(['That helped', 'Talk to a person'])
    // The model was asked once, with the visitor's question and the passages found.
    expect(model.requests.length).toBe(asked + 1)
    expect(model.promptOf()).toContain(QUESTION)
    expect(passagesOf(model.requests.at(-1) as FakeModelRequest).length).toBeGreaterThan(0)
    expect(await seriousWidgetViolations(page)).toEqual([])
    await page.screenshot({ path: `${SHOTS}/widget-written-answer.png` })

    await buttons.getByText('Talk to a person', { exact: true }).click()
    await bubble(page, 'Connecting you to an agent…').waitFor()
    const chat = await agent.chatWith(QUESTION)
    const queued = await agent.waitForChat(
      chat.id,
      'the chat queued for the agents',
      (current) => current.state === 'queued',
    )
    // The agents see the written answer the bot sent (its plain-text fallback).
    expect(queued.entries.map(textOf).join('\n')).toContain('unworn items go back within')
    await context.close()
  })
})
