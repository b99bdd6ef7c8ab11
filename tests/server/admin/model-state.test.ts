import { afterEach, describe, expect, it } from 'vitest'
import { createTestConfig } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

const TOKEN = 'admin-token-0123456789abcdef'
const STUDIO = { ADMIN_PASSWORD: 'correct horse battery', ADMIN_TOKEN: TOKEN }
const MODEL = { ANSWERS_LLM_URL: 'http://127.0.0.1:11434/v1', ANSWERS_LLM_MODEL: 'llama3.1' }

let t: TestApp | undefined
afterEach(() => {
  t?.stop()
  t = undefined
})

async function modelState(
  env: Record<string, string>,
  headers = { authorization: `Bearer ${TOKEN}` },
) {
  t = createTestApp({ config: createTestConfig({}, { ...STUDIO, ...env }) })
  return t.app.request('/admin/api/answers', { headers })
}

describe('GET /admin/api/answers: whether the backend has a model', () => {
  it('says no model without ANSWERS_LLM_URL', async () => {
    const res = await modelState({})
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ modelConfigured: false })
  })

  it('says a model is configured with ANSWERS_LLM_URL and ANSWERS_LLM_MODEL, and names nothing of it', async () => {
    const res = await modelState({ ...MODEL, ANSWERS_LLM_KEY: 'sk-secret-key-1234' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ modelConfigured: true })
  })

  it('needs the studio login or the admin token', async () => {
    expect((await modelState(MODEL, { authorization: 'Bearer wrong' })).status).toBe(401)
  })
})
