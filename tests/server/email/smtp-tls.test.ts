import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { isConfigError } from '../../../server/config/errors'
import { createSmtpTransport, type MailTransport } from '../../../server/email/smtp-transport'
import { createTestConfig } from '../../support/test-config'
import { createMailItem } from '../support/mail-items'
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink'
import { createTestApp } from '../support/test-app'

const item = createMailItem({ messageId: '<tls-1@northwind.example>', subject: 'Your reply' })

const from = { name: undefined, address: 'chat@northwind.example' }
const open: { sinks: SmtpSink[]; transports: MailTransport[] } = { sinks: [], transports: [] }

async function sink(startTls = false): Promise<SmtpSink> {
  const started = await startSmtpSink({ startTls })
  open.sinks.push(started)
  return started
}

function transport(options: Omit<Parameters<typeof createSmtpTransport>[0], 'from'>) {
  const made = createSmtpTransport({ from, timeoutMs: 15_000, ...options })
  open.transports.push(made)
  return made
}

afterEach(async () => {
  for (const made of open.transports.splice(0)) made.close()
  await Promise.all(open.sinks.splice(0).map((started) => started.stop()))
})

describe('smtp:// with credentials requires TLS (issue 39, item 10)', () => {
  it('a server that offers no STARTTLS gets no login: the send fails and says why', async () => {
    const server = await sink()
    const outcome = await transport({ url: server.credentialsUrl }).send(item)
    expect(outcome.kind).toBe('failed')
    expect(outcome.kind === 'failed' && outcome.message).toMatch(
      /did not upgrade to TLS .*SMTP_ALLOW_PLAINTEXT_AUTH=1/,
    )
    expect(server.logins).toEqual([])
    expect(server.mails).toEqual([])
  })

  it('SMTP_ALLOW_PLAINTEXT_AUTH lets the login go without TLS', async () => {
    const server = await sink()
    const outcome = await transport({ url: server.credentialsUrl, allowPlaintextAuth: true }).send(
      item,
    )
    expect(outcome).toEqual({ kind: 'accepted' })
    expect(server.logins).toEqual([{ user: 'user', secure: false }])
    expect(server.mails).toHaveLength(1)
  })

  it('a server that offers STARTTLS gets the login over TLS', async () => {
    const server = await sink(true)
    const outcome = await transport({
      url: server.credentialsUrl,
      tls: { rejectUnauthorized: false },
    }).send(item)
    expect(outcome).toEqual({ kind: 'accepted' })
    expect(server.logins).toEqual([{ user: 'user', secure: true }])
  })

  it('without credentials (a local relay, the demo’s mailbox) no TLS is required', async () => {
    const server = await sink()
    expect(await transport({ url: server.url }).send(item)).toEqual({ kind: 'accepted' })
    expect(server.mails).toHaveLength(1)
  })
})

describe('SMTP_ALLOW_PLAINTEXT_AUTH and SMTP_URL’s query', () => {
  const base = { SMTP_URL: 'smtp://u:p@mail.example.com:587', EMAIL_FROM: 'chat@x.example' }

  it('is off by default and read as a flag', () => {
    expect(createTestConfig({}, base).email?.allowPlaintextAuth).toBe(false)
    expect(
      createTestConfig({}, { ...base, SMTP_ALLOW_PLAINTEXT_AUTH: '1' }).email?.allowPlaintextAuth,
    ).toBe(true)
  })

  it('refuses a bad flag, and a TLS switch in the URL’s query (it would override the rule)', () => {
    const problems = (env: Record<string, string>) => {
      try {
        createTestConfig({}, { ...base, ...env })
      } catch (error) {
        if (!isConfigError(error)) throw error
        return error.problems.map((p) => `${p.variable}: ${p.problem}`)
      }
      return []
    }
    expect(problems({ SMTP_ALLOW_PLAINTEXT_AUTH: 'yes' })).toEqual([
      expect.stringMatching(/^SMTP_ALLOW_PLAINTEXT_AUTH: must be 1/),
    ])
    for (const query of ['requireTLS=false', 'ignoreTLS=true', 'secure=false'])
      expect(problems({ SMTP_URL: `${base.SMTP_URL}?${query}` }), query).toEqual([
        expect.stringMatching(/^SMTP_URL: must not set .* SMTP_ALLOW_PLAINTEXT_AUTH=1/),
      ])
  })
})

describe('the start-up warning of SMTP_ALLOW_PLAINTEXT_AUTH', () => {
  it('is logged when a login may go without TLS, and only then', async () => {
    const warned = async (env: Record<string, string>) => {
      const t = createTestApp({
        config: createTestConfig({}, { EMAIL_FROM: 'chat@x.example', ...env }),
        email: { resumeUrl: async () => 'https://shop.example/' },
      })
      const email = runtimeOf(t.app).email
      email.start()
      await email.stop()
      t.stop()
      return t.logs.some((line) => line.includes('SMTP_ALLOW_PLAINTEXT_AUTH=1: the SMTP login'))
    }
    const url = 'smtp://u:p@127.0.0.1:9'
    expect(await warned({ SMTP_URL: url, SMTP_ALLOW_PLAINTEXT_AUTH: '1' })).toBe(true)
    expect(await warned({ SMTP_URL: url })).toBe(false)
    expect(await warned({ SMTP_URL: 'smtp://127.0.0.1:9', SMTP_ALLOW_PLAINTEXT_AUTH: '1' })).toBe(
      false,
    )
  })
})
