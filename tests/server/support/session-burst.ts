import { afterEach } from 'vitest'
import type { Config } from '../../../server/config/config'
import { createTestConfig } from '../../support/test-config'
import { createTestApp, type TestApp } from './test-app'

/** The sessions a burst opens; the limit it meets is 30 a minute per address. */
const BURST = 40

/**
 * Inside a describe: `burst(network, forwardedFor)` opens 40 sessions, the i-th behind the
 * X-Forwarded-For `forwardedFor(i)`, on an app that allows 30 a minute per address, and
 * returns their statuses. The app stops after the test.
 */
export function useSessionBurst() {
  let t: TestApp | undefined
  afterEach(() => t?.stop())
  return async (
    network: Pick<Config, 'trustProxy'> & Partial<Pick<Config, 'ipv6PrefixBits'>>,
    forwardedFor: (i: number) => string,
  ): Promise<number[]> => {
    const app = createTestApp({
      config: createTestConfig({
        ...network,
        rateLimits: {
          messagesPerVisitorPerMinute: 120,
          messagesPerIpPerMinute: 600,
          sessionsPerIpPerMinute: 30,
        },
      }),
    })
    t = app
    const statuses: number[] = []
    for (let i = 0; i < BURST; i++) {
      const res = await app.request('/api/session', {
        body: {},
        headers: { 'x-forwarded-for': forwardedFor(i) },
      })
      statuses.push(res.status)
    }
    return statuses
  }
}
