import { describe, expect, it } from 'vitest'
import { createEmailMetrics } from '../../../server/email/email-metrics'
import { createEmailService } from '../../../server/email/email-service'
import { createLogger } from '../../../server/logging/logger'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createTestSettings } from '../../support/test-config'

describe('e-mail without SMTP_URL', () => {
  it('is off: says so once at start, schedules nothing, and reports configured: false', async () => {
    const lines: string[] = []
    const store = createMemoryStore()
    const email = createEmailService({
      email: undefined,
      publicUrl: 'https://chat.example',
      sessionSecret: 'a-session-secret-of-at-least-32-characters',
      store,
      settings: () => createTestSettings(),
      logger: createLogger({ level: 'info', write: (line) => lines.push(line) }),
      now: Date.now,
      registry: createMetricsRegistry({ processMetrics: false }),
      profileKeepMs: 86_400_000,
      resumeUrl: async () => 'https://shop.example/',
    })
    email.start()
    await email.noteAgentReply('v1')
    expect(await store.listRecords('email-')).toEqual([])
    expect(await email.sweep()).toBe(0)
    expect(
      lines.filter((line) => line.includes('e-mail is off: SMTP_URL is not set')),
    ).toHaveLength(1)
    expect(email.enabled).toBe(false)
    expect(email.status()).toEqual({ configured: false })
    await email.stop()
  })
})

describe('e-mail metrics', () => {
  it('can be asked for twice on one registry (two runtimes sharing their metrics)', async () => {
    const registry = createMetricsRegistry({ processMetrics: false })
    const first = createEmailMetrics(registry)
    expect(createEmailMetrics(registry)).toBe(first)
    first.emails.inc({ outcome: 'sent' })
    expect(await registry.render()).toContain('porthole_emails_total{outcome="sent"} 1')
  })
})
