import { Hono } from 'hono'
import { afterAll, describe, it } from 'vitest'
import { createBotProvider } from '../../../server/bot/provider'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { createRecordingLogger } from '../support/bot-fakes'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS, repeated } from '../support/linear-time'
import { createTestApp } from '../support/test-app'

// JSON bodies from outside: the A3 webhook's and the bot's B2 bodies (both refused over
// 64 KB, so a usual part is about 60 bytes and 1,000 of them stay within it). Each is fed a body grown in one direction: one long string,
// many fields, many elements, nesting, escapes.

const timeout = LINEAR_TEST_TIMEOUT_MS

/** `unit` repeated to `scale` times a usual 60 characters. */
const sized = (unit: string) => repeated(unit, 60)

/** `count` arrays nested `depth` deep, side by side: `[[..]],[[..]],…`. */
const nestedMany = (count: number, depth: number) =>
  Array.from({ length: count }, () => `${'['.repeat(depth)}${']'.repeat(depth)}`).join(',')

/** A JSON body grown in one way, each `scale` a usual body's 60 bytes or so. */
function grownBodies(base: () => Record<string, unknown>): [string, (scale: number) => string][] {
  const withExtra = (extra: (scale: number) => string) => (scale: number) =>
    JSON.stringify(base()).replace(/}$/, `,"extra":${extra(scale)}}`)
  return [
    ['a long string', withExtra((scale) => JSON.stringify(sized('word ')(scale)))],
    ['a long string of escapes', withExtra((scale) => `"${sized('\\u0041')(scale)}"`)],
    [
      'many fields',
      withExtra((scale) =>
        JSON.stringify(
          Object.fromEntries(Array.from({ length: scale * 4 }, (_, index) => [`f${index}`, index])),
        ),
      ),
    ],
    ['many elements', withExtra((scale) => `[${sized('0,')(scale)}0]`)],
    ['nesting 60 deep, many times', withExtra((scale) => `[${nestedMany(scale / 2, 60)}]`)],
    ['nesting too deep', withExtra((scale) => nestedMany(1, scale * 30))],
  ]
}

describe('POST /hooks/:secret/:channelId (A3) on a growing body', () => {
  const t = createTestApp()
  afterAll(() => t.stop())
  const hook = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`
  it.each(grownBodies(() => createAgentMessage()))('with %s', { timeout }, (_shape, make) =>
    expectLinearTime({
      make,
      run: async (body) =>
        (
          await t.app.request(hook, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
        ).arrayBuffer(),
    }),
  )
})

describe('POST /bot/:token (B2) on a growing body', () => {
  const token = 'b2-token-0123456789'
  const provider = createBotProvider({
    token,
    providerId: 'porthole',
    baseUrl: 'http://service.test/bot-api/',
    fetch: async () => new Response('{}'),
    logger: createRecordingLogger(),
    onEvent: () => {},
  })
  afterAll(() => provider.close())
  const app = new Hono().route('/bot', provider.routes)
  it.each(grownBodies(() => createClientMessageEvent()))('with %s', { timeout }, (_shape, make) =>
    expectLinearTime({
      make,
      run: async (body) =>
        (
          await app.request(`/bot/${token}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
        ).arrayBuffer(),
    }),
  )
})
