import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../server/logging/logger'
import { secretsOf } from '../../../server/start'
import { closedStoreError } from '../../../server/store/errors'
import { createTestConfig } from '../../support/test-config'

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

describe('logger on pino', () => {
  const capture = (options: Parameters<typeof createLogger>[0] = {}) => {
    const lines: string[] = []
    const logger = createLogger({ ...options, write: (line) => lines.push(line) })
    return { logger, lines, records: () => lines.map((line) => JSON.parse(line)) }
  }

  it('writes nothing but time, level, msg and the fields (no pid, no hostname)', () => {
    const { logger, lines, records } = capture({ now: () => 1_700_000_000_000 })
    logger.info('listening')
    expect(lines[0]).not.toContain('\n')
    expect(records()).toEqual([
      { time: '2023-11-14T22:13:20.000Z', level: 'info', msg: 'listening' },
    ])
  })

  it('lets a line field override a child field, and nests children', () => {
    const { logger, records } = capture()
    logger.child({ requestId: 'r1', route: 'a' }).child({ visitor: 'v' }).info('x', { route: 'b' })
    expect(records()[0]).toMatchObject({ requestId: 'r1', visitor: 'v', route: 'b' })
  })

  it("describes an error's code and masks a secret inside its stack", () => {
    const secret = 'hook-secret-0123456789'
    const { logger, lines, records } = capture({ secrets: [secret] })
    const error = closedStoreError('redis')
    error.stack = `${error.stack}\n    at /hooks/${secret}/chan`
    logger.error('append failed', { error, cause: new Error(`GET /hooks/${secret}`) })
    expect(lines[0]).not.toContain(secret)
    const [record] = records()
    expect(record.error).toMatchObject({ name: 'StoreError', code: 'store_closed' })
    expect(record.error.stack).toContain('/hooks/[redacted]/chan')
    expect(record.cause.message).toBe('GET /hooks/[redacted]')
  })

  it('masks credentials under authorization and cookie keys whatever their value', () => {
    const { logger, records } = capture()
    logger.warn('refused', {
      authorization: 'Bearer v1.abc',
      headers: { authorization: 'Bearer v1.def', cookie: 'a=b', accept: '*/*' },
    })
    expect(records()[0]).toMatchObject({
      authorization: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: '*/*' },
    })
  })

  it('keeps every line of a burst, in order, each masked', () => {
    const secret = 'burst-secret-abcdef'
    const { logger, records } = capture({ level: 'debug', secrets: [secret] })
    const log = logger.child({ requestId: 'r' })
    for (let i = 0; i < 5000; i++) log.debug(`n ${i} ${secret}`, { i })
    const all = records()
    expect(all).toHaveLength(5000)
    expect(all.map((record) => record.i)).toEqual([...Array(5000).keys()])
    expect(all.every((record) => record.msg.endsWith(' [redacted]'))).toBe(true)
  })

  it('prints text for a person with format "text" (the sandbox)', () => {
    const { logger, lines } = capture({ format: 'text', level: 'warn' })
    logger.info('hidden')
    logger.warn('sandbox: could not save the state', {
      file: 'data/s.json',
      error: new Error('EACCES'),
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]?.split('\n')[0]).toBe('sandbox: could not save the state file="data/s.json"')
    expect(lines[0]?.split('\n')[1]).toBe('Error: EACCES')
  })
})
