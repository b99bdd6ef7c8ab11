import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../server/logging/logger'
import { secretsOf } from '../../../server/start'
import { createTestConfig } from '../helpers/test-config'

describe('logger', () => {
  it('writes one JSON object per line with level, msg and child fields', () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line), now: () => 0 })
    logger.child({ requestId: 'r1' }).warn('slow', { ms: 12 })
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { time: '1970-01-01T00:00:00.000Z', level: 'warn', msg: 'slow', requestId: 'r1', ms: 12 },
    ])
  })

  it('drops lines below the level and describes errors', () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'warn', write: (line) => lines.push(line) })
    logger.debug('hidden')
    logger.info('hidden')
    logger.error('failed', { error: new TypeError('boom') })
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] ?? '{}').error).toMatchObject({ name: 'TypeError', message: 'boom' })
  })

  it('redacts secrets, also when JSON escaping changed them', () => {
    const lines: string[] = []
    const secret = 'pa"ss\\word-1234'
    const logger = createLogger({ secrets: [secret], write: (line) => lines.push(line) })
    logger.info(`value ${secret}`, { nested: { secret } })
    expect(lines[0]).not.toContain(JSON.stringify(secret).slice(1, -1))
    expect(lines[0]?.match(/\[redacted\]/g)).toHaveLength(2)
  })
})

describe('logger redaction of the configured secrets', () => {
  const config = createTestConfig(
    {},
    {
      BOT_TOKEN: 'bot-token-0123456789abcdef',
      BOT_PROVIDER_ID: 'p1',
      BOT_BASE_URL: 'https://bot.test',
    },
  )
  const logged = (msg: string, fields?: Record<string, unknown>) => {
    const lines: string[] = []
    createLogger({ secrets: secretsOf(config), write: (line) => lines.push(line) }).error(
      msg,
      fields,
    )
    return lines.join('\n')
  }

  it('covers every secret setting, in a message and in nested fields', () => {
    const values = {
      WEBHOOK_SECRET: config.webhookSecret,
      SESSION_SECRET: config.sessionSecret,
      IDENTITY_SECRET: config.identitySecret,
      CHANNEL_URL: config.channel.url,
      BOT_TOKEN: config.bot?.token,
    }
    for (const [name, value] of Object.entries(values)) {
      expect(value, name).toBeDefined()
      const line = logged(`with ${value}`, { deep: { list: [`x${value}x`] } })
      expect(line, name).not.toContain(String(value))
      expect(line.match(/\[redacted\]/g), name).toHaveLength(2)
    }
  })

  it("covers the channel endpoint's random string on its own (a path in an error)", () => {
    const line = logged('GET /s3cr3tRandomPath/chan42/status failed', {
      error: new Error('https://other.test/s3cr3tRandomPath/chan42 refused'),
    })
    expect(line).not.toContain('s3cr3tRandomPath')
    expect(line).toContain('chan42')
  })

  it('covers a secret percent-encoded in a URL', () => {
    const secret = 'pa+ss/word=1234 é'
    const lines: string[] = []
    const logger = createLogger({ secrets: [secret], write: (line) => lines.push(line) })
    logger.warn(`GET https://x.test/cb?key=${encodeURIComponent(secret)} failed`)
    expect(lines[0]).not.toContain(encodeURIComponent(secret))
    expect(lines[0]).toContain('?key=[redacted] failed')
  })
})
