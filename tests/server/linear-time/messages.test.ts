import { afterAll, beforeAll, describe, it } from 'vitest'
import { createTestConfig } from '../../support/test-config'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS, repeated } from '../support/linear-time'
import { createClientId, createTestApp } from '../support/test-app'

// POST /api/messages end to end: a visitor's text (at most 20,000 characters, so a
// usual one of 20 gives 200 to 20,000), split into parts, counted and forwarded.

describe('POST /api/messages on a growing text', () => {
  const t = createTestApp({
    config: createTestConfig(
      {},
      { RATE_LIMIT_MESSAGES_PER_MINUTE: '100000', RATE_LIMIT_IP_MESSAGES_PER_MINUTE: '1000000' },
    ),
  })
  let token = ''
  beforeAll(async () => {
    token = (await t.newVisitor()).token
  })
  afterAll(() => t.stop())

  const sized = (unit: string) => repeated(unit, 20)

  it.each([
    ['words', sized('word ')],
    ['emoji', sized('👍🏽 👨‍👩‍👧‍👦 ')],
    ['a run of spaces', sized(' ')],
    ['one long word', sized('x')],
    ['escapes in the JSON', sized('"\\\n')],
  ])('with %s', { timeout: LINEAR_TEST_TIMEOUT_MS }, (_shape, make) =>
    expectLinearTime({
      make,
      run: async (text) =>
        (
          await t.request('/api/messages', {
            token,
            body: { id: createClientId(), type: 'text', text },
          })
        ).arrayBuffer(),
    }),
  )
})
