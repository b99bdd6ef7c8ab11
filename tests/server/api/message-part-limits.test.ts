import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBody } from '../../../shared/protocol/errors'
import { splitText } from '../../../shared/text'
import { createTestConfig } from '../../support/test-config'
import { createFakeService, type FakeService } from '../support/fake-service'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

// Watched, to see whether a refused text was split at all.
vi.mock('../../../shared/text', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../shared/text')>()
  return { ...actual, splitText: vi.fn(actual.splitText) }
})

let t: TestApp | undefined
afterEach(() => t?.stop())

function setup(env: Record<string, string>, service: FakeService = createFakeService()) {
  t = createTestApp({ config: createTestConfig({}, env) }, service)
  return t
}

/** A text the server splits into `parts` ≤1000-character parts. */
function longText(parts: number): string {
  return Array.from({ length: parts }, () => `${'a'.repeat(998)}.`).join(' ')
}

async function post(app: TestApp, token: string, text: string, headers = {}) {
  return app.request('/api/messages', {
    token,
    headers,
    body: { id: createClientId(), type: 'text', text },
  })
}

describe('message limits count the parts sent to the service', () => {
  it('per visitor: two 3-part texts exceed a limit of 5', async () => {
    const service = createFakeService()
    const app = setup({ RATE_LIMIT_MESSAGES_PER_MINUTE: '5' }, service)
    const { token } = await app.newVisitor()
    expect((await post(app, token, longText(3))).status).toBe(200)
    expect(service.messages()).toHaveLength(3)
    const refused = await post(app, token, longText(3))
    expect(refused.status).toBe(429)
    expect(ErrorBody.parse(await refused.json()).error.code).toBe('rate_limited')
    expect(service.messages()).toHaveLength(3)
    // What is left of the budget still takes a short message.
    expect((await post(app, (await app.newVisitor()).token, 'hi')).status).toBe(200)
  })

  it('per address: parts of every visitor behind it count', async () => {
    const service = createFakeService()
    const app = setup({ RATE_LIMIT_IP_MESSAGES_PER_MINUTE: '4', TRUST_PROXY: '1' }, service)
    const ip = { 'x-forwarded-for': '203.0.113.9' }
    expect((await post(app, (await app.newVisitor()).token, longText(3), ip)).status).toBe(200)
    expect((await post(app, (await app.newVisitor()).token, longText(2), ip)).status).toBe(429)
    expect(service.messages()).toHaveLength(3)
    const elsewhere = { 'x-forwarded-for': '198.51.100.1' }
    expect((await post(app, (await app.newVisitor()).token, longText(2), elsewhere)).status).toBe(
      200,
    )
  })

  it('a text of more parts than the limit still goes in a fresh window, and fills it', async () => {
    const service = createFakeService()
    const app = setup({ RATE_LIMIT_MESSAGES_PER_MINUTE: '2' }, service)
    const { token } = await app.newVisitor()
    expect((await post(app, token, longText(4))).status).toBe(200)
    expect(service.messages()).toHaveLength(4)
    expect((await post(app, token, 'and one more')).status).toBe(429)
  })

  it('the longest text (20,000 characters) costs all its parts at the default limits', async () => {
    const service = createFakeService()
    const app = setup({}, service)
    const { token } = await app.newVisitor()
    const text = `${'word '.repeat(3999)}done!`
    expect(text).toHaveLength(20_000)
    const parts = splitText(text).length
    expect(parts).toBe(20)
    // 120 parts a minute per visitor: six such texts go, the seventh does not.
    for (let i = 0; i < 6; i++) expect((await post(app, token, text)).status).toBe(200)
    expect(service.messages()).toHaveLength(120)
    expect((await post(app, token, text)).status).toBe(429)
    expect(service.messages()).toHaveLength(120)
  })

  it('a text over what is left of the limit is refused before it is split', async () => {
    const service = createFakeService()
    const app = setup({ RATE_LIMIT_MESSAGES_PER_MINUTE: '10' }, service)
    const { token } = await app.newVisitor()
    expect((await post(app, token, 'hi')).status).toBe(200)
    const text = `${'word '.repeat(3999)}done!`
    vi.mocked(splitText).mockClear()
    // 20,000 characters are 20 parts at least: 10 hits with the first, over what is left.
    expect((await post(app, token, text)).status).toBe(429)
    expect(vi.mocked(splitText)).not.toHaveBeenCalledWith(text)
    expect(service.messages()).toHaveLength(1)
  })

  it('parts beyond the fewest possible (breaks after whitespace) count too', async () => {
    const service = createFakeService()
    const app = setup({ RATE_LIMIT_MESSAGES_PER_MINUTE: '4' }, service)
    const { token } = await app.newVisitor()
    // 2,404 characters: 3 parts at least, 4 when each breaks after its space.
    const text = `${'x'.repeat(600)} `.repeat(4)
    expect(splitText(text)).toHaveLength(4)
    expect((await post(app, token, text)).status).toBe(200)
    expect(service.messages()).toHaveLength(4)
    expect((await post(app, token, 'hi')).status).toBe(429)
  })
})
