import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../server/logging/logger'

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
