import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../../server/config/load-config'
import { createTestEnv } from '../../../support/test-config'
import { configProblems } from '../../support/config-problems'

const CWD = '/srv/porthole'
const SECRET = 'inbound-secret-0123456789abcdef'

describe('replies by e-mail: EMAIL_REPLY_DOMAIN and INBOUND_EMAIL_SECRET', () => {
  it('are off with neither', () => {
    expect(loadConfig(createTestEnv(), { cwd: CWD }).inboundEmail).toBeUndefined()
  })

  it('are on with both; the raw message limit is twice UPLOAD_MAX_MB plus 1 MiB', () => {
    const config = loadConfig(
      createTestEnv({
        EMAIL_REPLY_DOMAIN: ' Reply.Northwind.Example ',
        INBOUND_EMAIL_SECRET: SECRET,
        UPLOAD_MAX_MB: '5',
      }),
      { cwd: CWD },
    )
    expect(config.inboundEmail).toEqual({
      replyDomain: 'reply.northwind.example',
      secret: SECRET,
      maxBytes: 11 * 1024 * 1024,
      attachmentBytesPerHour: 200 * 1024 * 1024,
    })
  })

  it('take EMAIL_ATTACHMENTS_MB_PER_HOUR (0 turns e-mailed files off) and refuse a bad one', () => {
    const env = { EMAIL_REPLY_DOMAIN: 'reply.example.com', INBOUND_EMAIL_SECRET: SECRET }
    const of = (value: string) =>
      loadConfig(createTestEnv({ ...env, EMAIL_ATTACHMENTS_MB_PER_HOUR: value }), { cwd: CWD })
        .inboundEmail?.attachmentBytesPerHour
    expect(of('50')).toBe(50 * 1024 * 1024)
    expect(of('0')).toBe(0)
    for (const bad of ['-1', 'lots', '2.5']) {
      expect(
        configProblems(createTestEnv({ ...env, EMAIL_ATTACHMENTS_MB_PER_HOUR: bad }), CWD)
          .EMAIL_ATTACHMENTS_MB_PER_HOUR,
      ).toMatch(/./)
    }
  })

  it('refuse one without the other, saying what is missing', () => {
    expect(configProblems(createTestEnv({ INBOUND_EMAIL_SECRET: SECRET }), CWD)).toEqual({
      EMAIL_REPLY_DOMAIN: expect.stringMatching(/^is not set: INBOUND_EMAIL_SECRET needs/),
    })
    expect(
      configProblems(createTestEnv({ EMAIL_REPLY_DOMAIN: 'reply.northwind.example' }), CWD),
    ).toEqual({ INBOUND_EMAIL_SECRET: expect.stringMatching(/hooks\/email/) })
  })

  it('refuse a domain that is not one and a short or unsafe secret', () => {
    const problems = configProblems(
      createTestEnv({ EMAIL_REPLY_DOMAIN: 'https://reply.example', INBOUND_EMAIL_SECRET: 'short' }),
      CWD,
    )
    expect(problems.EMAIL_REPLY_DOMAIN).toMatch(/must be a domain name/)
    expect(problems.INBOUND_EMAIL_SECRET).toMatch(/at least 16 characters/)
    expect(
      configProblems(
        createTestEnv({
          EMAIL_REPLY_DOMAIN: 'reply.example.com',
          INBOUND_EMAIL_SECRET: 'has/a/slash/0123456789',
        }),
        CWD,
      ).INBOUND_EMAIL_SECRET,
    ).toMatch(/URL path segment/)
  })
})

describe('INBOUND_EMAIL_SECRET in logs', () => {
  it('is among the secrets the logger masks', async () => {
    const { secretsOf } = await import('../../../../server/start')
    const config = loadConfig(
      createTestEnv({ EMAIL_REPLY_DOMAIN: 'reply.example.com', INBOUND_EMAIL_SECRET: SECRET }),
      { cwd: CWD },
    )
    expect(secretsOf(config)).toContain(SECRET)
  })
})
