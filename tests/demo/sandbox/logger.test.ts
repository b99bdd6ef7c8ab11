import { afterEach, describe, expect, it, vi } from 'vitest'
import { consoleLogger } from '../../../demo/sandbox/console-logger'
import { createSandbox } from '../../../demo/sandbox/index'
import { createLogger } from '../../../server/logging/logger'

afterEach(() => {
  vi.restoreAllMocks()
})

describe("the sandbox's logger", () => {
  it('reports a throwing listener through the logger it was given, and the others still run', () => {
    const lines: string[] = []
    const { service } = createSandbox({
      logger: createLogger({ write: (line) => lines.push(line) }),
    })
    const seen: string[] = []
    service.events.subscribe(() => {
      throw new TypeError('listener bug')
    })
    service.events.subscribe((event) => seen.push(event.type))
    service.createChannel({ name: 'Site', webhookUrl: 'http://127.0.0.1:9/hooks/s' })
    expect(seen.length).toBeGreaterThan(0)
    const records = lines.map((line) => JSON.parse(line))
    expect(records[0]).toMatchObject({
      level: 'error',
      msg: 'sandbox: an event listener threw',
      error: { name: 'TypeError', message: 'listener bug' },
    })
    expect(records).toHaveLength(seen.length)
  })

  it('answers an unexpected failure with 500 and logs it', async () => {
    const lines: string[] = []
    const { app, service } = createSandbox({
      logger: createLogger({ write: (line) => lines.push(line) }),
    })
    vi.spyOn(service, 'listChannels').mockImplementation(() => {
      throw new Error('corrupt state')
    })
    const res = await app.request('http://localhost/console/api/channels')
    expect(res.status).toBe(500)
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({
        msg: 'sandbox: unexpected error',
        error: expect.objectContaining({ message: 'corrupt state' }),
      }),
    )
  })

  it('prints text on stderr by default: the message, then the stack', () => {
    const written: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    const logger = consoleLogger()
    logger.info('not shown: below warn')
    logger.error('sandbox: a bot event could not be sent', { error: new Error('ECONNREFUSED') })
    expect(written).toHaveLength(1)
    const [first, second] = (written[0] ?? '').split('\n')
    expect(first).toBe('sandbox: a bot event could not be sent')
    expect(second).toBe('Error: ECONNREFUSED')
    expect(written[0]).not.toContain('"level"')
  })
})
