import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { useFakeModel } from '../support/fake-model'
import { createTestApp, type TestApp } from '../support/test-app'

const TOKEN = 'admin-token-0123456789abcdef'
const ADMIN = { authorization: `Bearer ${TOKEN}` }
const CITED = 'Unworn items go back within 30 days [[returns]].'

const model = useFakeModel()

let t: TestApp | undefined
afterEach(() => {
  t?.stop()
  t = undefined
})

async function consoleApp(
  options: { llm?: boolean; enabled?: boolean; env?: Record<string, string> } = {},
) {
  const env: Record<string, string> = {
    ADMIN_PASSWORD: 'correct horse battery',
    ADMIN_TOKEN: TOKEN,
    ...(options.llm === false ? {} : { ANSWERS_LLM_URL: model.url, ANSWERS_LLM_MODEL: 'fake' }),
    ...options.env,
  }
  t = createTestApp({
    config: createTestConfig({}, env),
    settings: createTestSettings({
      bot: { modelAnswers: { enabled: options.enabled ?? true, instructions: 'Be brief.' } },
    }),
    // The model is reached on loopback; the service stays the fake one.
    fetch: fetch,
  })
  const runtime = runtimeOf(t.app)
  await runtime.settings.start()
  await runtime.help.start()
  const put = await t.request('/admin/api/help/articles/returns', {
    method: 'PUT',
    headers: ADMIN,
    body: {
      title: 'Returning an order',
      body: 'You can return unworn items within 30 days of delivery for a refund.',
      language: 'en',
      published: true,
      featured: false,
    },
  })
  expect(put.status).toBe(200)
  return t
}

const ask = (app: TestApp, body: unknown, headers: Record<string, string> = ADMIN) =>
  app.request('/admin/api/answers/try', { method: 'POST', body, headers })

describe('POST /admin/api/answers/try', () => {
  it('answers with the passages, the written answer, the time and the tokens', async () => {
    const app = await consoleApp()
    model.queue({ content: CITED, usage: { in: 210, out: 12 } })
    const res = await ask(app, { question: 'Can I return my unworn boots?', language: 'en' })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({
      passages: [
        {
          articleId: 'returns',
          title: 'Returning an order',
          text: expect.stringContaining('30 days'),
          score: expect.any(Number),
        },
      ],
      answer: { markdown: 'Unworn items go back within 30 days.', citations: ['returns'] },
      fallback: null,
      ms: expect.any(Number),
      tokens: { in: 210, out: 12 },
    })
    expect(model.promptOf()).toContain('Be brief.')
  })

  it('masks a card number before the question leaves', async () => {
    const app = await consoleApp()
    model.queue({ content: CITED })
    await ask(app, {
      question: 'Refund to card 4111 1111 1111 1111 for my unworn boots?',
      language: 'en',
    })
    expect(model.promptOf()).not.toContain('4111 1111 1111 1111')
    expect(model.promptOf()).toContain('•••• •••• •••• 1111')
  })

  it('names the fallback when the answer cannot be used', async () => {
    const app = await consoleApp()
    model.queue({ content: 'Sure, 30 days.' })
    const body = await (
      await ask(app, { question: 'Can I return my unworn boots?', language: 'en' })
    ).json()
    expect(body).toMatchObject({ answer: null, fallback: 'no_citation' })
  })

  it('answers "off" when the site has model answers off, asking nothing', async () => {
    const app = await consoleApp({ enabled: false })
    const body = await (await ask(app, { question: 'Can I return boots?', language: 'en' })).json()
    expect(body).toMatchObject({ answer: null, fallback: 'off', tokens: { in: 0, out: 0 } })
    expect(model.requests).toHaveLength(0)
  })

  it('answers "no_model" without ANSWERS_LLM_URL', async () => {
    const app = await consoleApp({ llm: false })
    const body = await (await ask(app, { question: 'Can I return boots?', language: 'en' })).json()
    expect(body).toMatchObject({ answer: null, fallback: 'no_model' })
    expect(model.requests).toHaveLength(0)
  })

  it('counts toward the daily budget and never toward a conversation or the overview', async () => {
    const app = await consoleApp({ env: { ANSWERS_LLM_DAILY_TOKENS: '1000' } })
    model.setDefault({ content: CITED, usage: { in: 900, out: 200 } })
    await ask(app, { question: 'Can I return my unworn boots?', language: 'en' })
    const second = await (
      await ask(app, { question: 'Can I return my unworn boots?', language: 'en' })
    ).json()
    expect(second).toMatchObject({ fallback: 'budget' })
    expect(model.requests).toHaveLength(1)
    const stats = await (await app.request('/admin/api/help/stats', { headers: ADMIN })).json()
    expect(stats).toMatchObject({ modelAnswers: 0, modelFallbacks: 0 })
  })

  it('refuses without the admin token, and a bad body with a clear error', async () => {
    const app = await consoleApp()
    expect((await ask(app, { question: 'x', language: 'en' }, {})).status).toBe(401)
    const bad = await ask(app, { question: '', language: 'English' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringContaining('question') },
    })
  })
})
