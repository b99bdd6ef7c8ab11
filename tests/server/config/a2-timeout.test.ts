import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config/load-config'
import { useTempDirs } from '../../support/temp-dirs'
import { createTestEnv } from '../../support/test-config'
import { configProblems } from '../support/config-problems'

const tempDir = useTempDirs('porthole-config-')

describe('A2_TIMEOUT_MS', () => {
  it('defaults to 45 s for customer messages; A1 keeps UPSTREAM_TIMEOUT_MS', () => {
    const config = loadConfig(createTestEnv(), { cwd: tempDir() })
    expect(config.a2TimeoutMs).toBe(45_000)
    expect(config.upstreamTimeoutMs).toBe(10_000)
    // A request and the pause before its resend fit in the spec's 60 s.
    expect(config.a2TimeoutMs + config.retryIntervalMs).toBeLessThanOrEqual(60_000)
  })

  it('refuses a timeout that with the retry interval passes the spec’s 60 s between resends', () => {
    expect(configProblems(createTestEnv({ A2_TIMEOUT_MS: '58000' }), tempDir())).toEqual({
      A2_TIMEOUT_MS:
        'with A2_RETRY_INTERVAL_MS=3000 it must be at most 57000: the service asks for resends of a customer message 3–60 s apart',
    })
    expect(
      loadConfig(createTestEnv({ A2_TIMEOUT_MS: '57000' }), { cwd: tempDir() }).a2TimeoutMs,
    ).toBe(57_000)
  })
})
