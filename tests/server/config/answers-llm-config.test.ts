import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config/load-config'
import { secretsOf } from '../../../server/start'
import { createTestEnv } from '../../support/test-config'
import { configProblems } from '../support/config-problems'

const CWD = '/nonexistent-porthole-test'
const load = (env: Record<string, string>) => loadConfig(createTestEnv(env), { cwd: CWD })
const problems = (env: Record<string, string>) => configProblems(createTestEnv(env), CWD)

describe('ANSWERS_LLM_*', () => {
  it('leaves the model off without ANSWERS_LLM_URL', () => {
    expect(load({}).answersLlm).toBeUndefined()
  })

  it('reads the model with its defaults', () => {
    expect(
      load({ ANSWERS_LLM_URL: 'http://127.0.0.1:11434/v1/', ANSWERS_LLM_MODEL: 'llama3.1' })
        .answersLlm,
    ).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      key: undefined,
      model: 'llama3.1',
      timeoutMs: 8000,
      headers: {},
      maxPerConversation: 10,
      dailyTokens: 200_000,
    })
  })

  it('takes a URL given with /chat/completions as its base', () => {
    const config = load({
      ANSWERS_LLM_URL: 'https://api.openai.com/v1/chat/completions',
      ANSWERS_LLM_MODEL: 'gpt-4o-mini',
    })
    expect(config.answersLlm?.url).toBe('https://api.openai.com/v1')
  })

  it('needs the model name with the URL', () => {
    expect(problems({ ANSWERS_LLM_URL: 'https://api.openai.com/v1' })).toMatchObject({
      ANSWERS_LLM_MODEL: expect.stringContaining('is not set'),
    })
  })

  it('refuses a URL that is not http(s)', () => {
    expect(
      problems({ ANSWERS_LLM_URL: 'ftp://models.example/v1', ANSWERS_LLM_MODEL: 'm' }),
    ).toMatchObject({ ANSWERS_LLM_URL: expect.stringContaining('base URL') })
  })

  it('refuses a key, model or headers without the URL', () => {
    expect(problems({ ANSWERS_LLM_KEY: 'sk-123456', ANSWERS_LLM_MODEL: 'm' })).toMatchObject({
      ANSWERS_LLM_KEY: expect.stringContaining('needs ANSWERS_LLM_URL'),
      ANSWERS_LLM_MODEL: expect.stringContaining('needs ANSWERS_LLM_URL'),
    })
  })

  it.each([
    ['not JSON', '{api-key: 1}', 'not JSON'],
    ['an array', '["a"]', 'JSON object'],
    ['a number value', '{"api-key": 1}', 'one-line string'],
    ['a line break', '{"x-a": "a\\r\\nHost: evil"}', 'one-line string'],
    ['a header the backend sets', '{"Content-Type": "text/plain"}', 'sets it itself'],
  ])('refuses ANSWERS_LLM_HEADERS with %s', (_, value, message) => {
    expect(
      problems({
        ANSWERS_LLM_URL: 'https://a.example/v1',
        ANSWERS_LLM_MODEL: 'm',
        ANSWERS_LLM_HEADERS: value,
      }),
    ).toMatchObject({ ANSWERS_LLM_HEADERS: expect.stringContaining(message) })
  })

  it('refuses a timeout, cap or budget out of range', () => {
    expect(
      problems({
        ANSWERS_LLM_URL: 'https://a.example/v1',
        ANSWERS_LLM_MODEL: 'm',
        ANSWERS_LLM_TIMEOUT_MS: '10',
        ANSWERS_LLM_MAX_PER_CONVERSATION: '0',
        ANSWERS_LLM_DAILY_TOKENS: 'lots',
      }),
    ).toMatchObject({
      ANSWERS_LLM_TIMEOUT_MS: expect.stringContaining('at least 500'),
      ANSWERS_LLM_MAX_PER_CONVERSATION: expect.stringContaining('at least 1'),
      ANSWERS_LLM_DAILY_TOKENS: expect.stringContaining('whole number'),
    })
  })

  it('masks the key and the gateway headers in logs', () => {
    const config = load({
      ANSWERS_LLM_URL: 'https://gw.example/v1',
      ANSWERS_LLM_MODEL: 'm',
      ANSWERS_LLM_KEY: 'sk-live-secret-key',
      ANSWERS_LLM_HEADERS: '{"api-key":"azure-secret-value"}',
    })
    expect(secretsOf(config)).toEqual(
      expect.arrayContaining(['sk-live-secret-key', 'azure-secret-value']),
    )
  })
})
