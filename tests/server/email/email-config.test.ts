import { describe, expect, it } from 'vitest'
import { isConfigError } from '../../../server/config/errors'
import { parseFrom } from '../../../server/config/parse-email'
import { secretsOf } from '../../../server/start'
import { EmailSettings } from '../../../shared/settings/email-settings'
import { checkSettings } from '../../../shared/settings/settings-file'
import { createTestConfig } from '../../support/test-config'

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    createTestConfig({}, env)
  } catch (error) {
    if (!isConfigError(error)) throw error
    return error.problems.map((p) => `${p.variable}: ${p.problem}`)
  }
  return []
}

describe('SMTP_URL and EMAIL_FROM', () => {
  it('leave e-mail off when unset', () => {
    expect(createTestConfig().email).toBeUndefined()
  })

  it('read an smtp:// URL with credentials and a named sender', () => {
    const config = createTestConfig(
      {},
      {
        SMTP_URL: 'smtp://user:p%40ss@mail.example.com:587',
        EMAIL_FROM: 'Northwind <chat@northwind.example>',
      },
    )
    expect(config.email).toEqual({
      smtpUrl: 'smtp://user:p%40ss@mail.example.com:587',
      fromAddress: 'chat@northwind.example',
      fromName: 'Northwind',
      allowPlaintextAuth: false,
    })
  })

  it('are secrets for the logger: the URL and its password, encoded and decoded', () => {
    const config = createTestConfig(
      {},
      { SMTP_URL: 'smtps://user:p%40ss-w0rd@mail.example.com', EMAIL_FROM: 'chat@x.example' },
    )
    expect(secretsOf(config)).toEqual(
      expect.arrayContaining([
        'smtps://user:p%40ss-w0rd@mail.example.com',
        'p%40ss-w0rd',
        'p@ss-w0rd',
      ]),
    )
  })

  it('refuse another scheme without echoing the secret URL', () => {
    const problems = problemsOf({
      SMTP_URL: 'https://user:hunter2@mail.example.com',
      EMAIL_FROM: 'chat@northwind.example',
    })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^SMTP_URL: must be smtp:\/\//)
    expect(problems.join()).not.toContain('hunter2')
  })

  it('need EMAIL_FROM with SMTP_URL', () => {
    expect(problemsOf({ SMTP_URL: 'smtps://u:p@mail.example.com' })).toEqual([
      expect.stringMatching(/^EMAIL_FROM: is not set/),
    ])
  })

  it('refuse a malformed sender', () => {
    for (const from of ['chat', 'Name <chat@example>', 'a@b.com, c@d.com', 'x <a b@c.com>'])
      expect(problemsOf({ SMTP_URL: 'smtp://mail.example.com', EMAIL_FROM: from }), from).toEqual([
        expect.stringMatching(/^EMAIL_FROM: must be an address/),
      ])
  })

  it('parse a bare and a quoted named sender', () => {
    expect(parseFrom('chat@x.example')).toEqual({ name: undefined, address: 'chat@x.example' })
    expect(parseFrom('"Northwind Help" <chat@x.example>')).toEqual({
      name: 'Northwind Help',
      address: 'chat@x.example',
    })
  })
})

describe('email settings', () => {
  it('default every key', () => {
    const result = checkSettings({})
    expect(result.ok && result.settings.email).toEqual({
      missedReplies: true,
      afterSeconds: 120,
      linkDays: 7,
      rating: 'thumbs',
      ratingToAgents: false,
    })
  })

  it('refuse afterSeconds below 10, a non-http continueUrl, linkDays 0, an unknown rating or key', () => {
    const result = checkSettings({
      email: {
        afterSeconds: 9,
        continueUrl: 'javascript:alert(1)',
        linkDays: 0,
        rating: 'hearts',
        sendTwice: true,
      },
    })
    expect(result.ok).toBe(false)
    const paths = result.ok ? [] : result.problems.map((p) => p.path).sort()
    expect(paths).toEqual([
      'email',
      'email.afterSeconds',
      'email.continueUrl',
      'email.linkDays',
      'email.rating',
    ])
  })

  it('keep what is given', () => {
    expect(
      EmailSettings.parse({
        missedReplies: false,
        afterSeconds: 10,
        continueUrl: 'https://shop.example/help',
        rating: 'stars',
        ratingToAgents: true,
        linkDays: 30,
      }),
    ).toMatchObject({ afterSeconds: 10, continueUrl: 'https://shop.example/help', rating: 'stars' })
  })
})

describe('the per-address caps', () => {
  it('default to 20 e-mails and 3 confirmations an address a day, and take whole numbers in range', () => {
    expect(createTestConfig().emailCaps).toEqual({
      perAddressPerDay: 20,
      confirmationsPerAddressPerDay: 3,
    })
    expect(
      createTestConfig(
        {},
        { EMAIL_MAX_PER_ADDRESS_PER_DAY: '5', EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '1' },
      ).emailCaps,
    ).toEqual({ perAddressPerDay: 5, confirmationsPerAddressPerDay: 1 })
    expect(problemsOf({ EMAIL_MAX_PER_ADDRESS_PER_DAY: '0' })).toEqual([
      'EMAIL_MAX_PER_ADDRESS_PER_DAY: must be at least 1',
    ])
    expect(problemsOf({ EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: 'many' })).toEqual([
      'EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: must be a whole number from 1 to 100',
    ])
  })
})
