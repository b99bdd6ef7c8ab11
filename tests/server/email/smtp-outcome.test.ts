import { describe, expect, it } from 'vitest'
import { afterAttempt, beginAttempt, type MailPolicy } from '../../../server/email/mail-item'
import { outcomeOfError } from '../../../server/email/smtp-transport'
import { createMailItem } from '../support/mail-items'

const smtpError = (responseCode: number | undefined, command: string, message = 'refused') =>
  Object.assign(new Error(message), { responseCode, command, code: 'EENVELOPE' })

describe('what an SMTP error means', () => {
  it('a 5xx to the recipient or the message is final', () => {
    expect(outcomeOfError(smtpError(550, 'RCPT TO'))).toMatchObject({ kind: 'rejected', code: 550 })
    expect(outcomeOfError(smtpError(554, 'DATA'))).toMatchObject({ kind: 'rejected', code: 554 })
  })

  it('a 4xx, a 5xx on AUTH or MAIL FROM (the operator’s to fix), a connection error: retried', () => {
    expect(outcomeOfError(smtpError(451, 'RCPT TO')).kind).toBe('failed')
    expect(outcomeOfError(smtpError(535, 'AUTH PLAIN')).kind).toBe('failed')
    expect(outcomeOfError(smtpError(553, 'MAIL FROM')).kind).toBe('failed')
    expect(
      outcomeOfError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' })),
    ).toEqual({ kind: 'failed', code: undefined, message: 'connect ECONNREFUSED' })
    expect(outcomeOfError('weird').kind).toBe('failed')
  })
})

describe('an e-mail’s attempts', () => {
  const policy: MailPolicy = {
    backoff: { baseMs: 15_000, maxMs: 600_000, jitter: 0 },
    giveUpMs: 86_400_000,
    random: () => 0.5,
  }
  const item = createMailItem()

  it('back off 15 s doubling to 10 minutes, then give up a day after the e-mail was stored', () => {
    let current = item
    const waits: number[] = []
    let now = 0
    for (let i = 0; i < 8; i++) {
      current = afterAttempt(
        beginAttempt(current, now, policy),
        { kind: 'failed', message: 'down' },
        now,
        policy,
      )
      waits.push(current.nextAttemptAt - now)
      now = current.nextAttemptAt
    }
    expect(waits).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000])
    const late = afterAttempt(
      beginAttempt(current, 86_400_000, policy),
      { kind: 'failed', message: 'down' },
      86_400_000,
      policy,
    )
    expect(late).toMatchObject({ state: 'failed', error: 'down' })
    expect(late.inFlight).toBeUndefined()
  })

  it('mark an attempt in flight before it is made, due again after a backoff step', () => {
    const begun = beginAttempt(item, 1000, policy)
    expect(begun).toMatchObject({ attempts: 1, inFlight: { since: 1000 }, nextAttemptAt: 16_000 })
    const sent = afterAttempt(begun, { kind: 'accepted' }, 2000, policy)
    expect(sent).toMatchObject({ state: 'sent', doneAt: 2000 })
    expect(sent.inFlight).toBeUndefined()
  })
})
