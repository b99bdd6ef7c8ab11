import { describe, expect, it } from 'vitest'
import {
  type EmailBurst,
  type ReceivedEmail,
  replyToken,
  tallyEmails,
  tokensIn,
} from '../../../bench/drill/email-tally'

/** Two visitors, bursts of 2 then 1 replies each. */
const bursts: EmailBurst[] = [0, 1].flatMap((v) => [
  { to: `v${v}@drill.example`, replies: [replyToken(v, 1, 1), replyToken(v, 1, 2)] },
  { to: `v${v}@drill.example`, replies: [replyToken(v, 2, 1)] },
])

let clock = 0
const tick = () => {
  clock += 1000
  return clock
}
const mail = (to: string, messageId: string, tokens: string[]): ReceivedEmail => ({
  to,
  messageId,
  text: `Hello\n${tokens.map((token) => `Anna: Agent reply ${token}`).join('\n')}\nUnsubscribe`,
  at: tick(),
})
const good = () => [
  mail('v0@drill.example', '<a@x>', [replyToken(0, 1, 1), replyToken(0, 1, 2)]),
  mail('v1@drill.example', '<b@x>', [replyToken(1, 1, 1), replyToken(1, 1, 2)]),
  mail('v0@drill.example', '<c@x>', [replyToken(0, 2, 1)]),
  mail('V1@drill.example', '<d@x>', [replyToken(1, 2, 1)]),
]

describe('replyToken / tokensIn', () => {
  it('finds each token once, and tells r1 from r10', () => {
    expect(replyToken(7, 2, 1)).toBe('dm0007b2r1')
    expect(tokensIn('dm0007b2r1 x dm0007b2r10, dm0007b2r1 <p>dm0123b1r2</p>')).toEqual([
      'dm0007b2r1',
      'dm0007b2r10',
      'dm0123b1r2',
    ])
    expect(tokensIn('no tokens here; dm7b2r1 is too short')).toEqual([])
  })
})

describe('tallyEmails', () => {
  it('counts one e-mail per burst as every burst delivered', () => {
    const counted = tallyEmails(bursts, good())
    expect(counted).toMatchObject({
      sent: 4,
      delivered: 4,
      lost: 0,
      duplicated: 0,
      resent: 0,
      split: 0,
      unexpected: 0,
      distinctEmails: 4,
      exactVisitors: 2,
      visitors: 2,
      lastNeededAt: clock,
    })
  })

  it('counts a burst whose reply no e-mail carried as lost, with the reply as an example', () => {
    const received = good().filter((m) => m.messageId !== '<c@x>')
    const counted = tallyEmails(bursts, received)
    expect(counted).toMatchObject({ delivered: 3, lost: 1, exactVisitors: 1 })
    expect(counted.lostExamples).toEqual([replyToken(0, 2, 1)])
  })

  it('counts a burst with one reply missing from its e-mail as lost', () => {
    const received = good()
    received[0] = mail('v0@drill.example', '<a@x>', [replyToken(0, 1, 1)])
    expect(tallyEmails(bursts, received)).toMatchObject({ delivered: 3, lost: 1 })
  })

  it('counts the same Message-ID again as a resend, not a duplicate', () => {
    const received = good()
    received.push({ ...received[0], at: tick() } as ReceivedEmail)
    const counted = tallyEmails(bursts, received)
    expect(counted).toMatchObject({ delivered: 4, lost: 0, duplicated: 0, resent: 1 })
    expect(counted.exactVisitors).toBe(2)
    // The resend is not the last e-mail needed.
    expect(counted.lastNeededAt).toBe(clock - 1000)
  })

  it('counts the same replies under another Message-ID as a duplicate (a defect)', () => {
    const received = [
      ...good(),
      mail('v1@drill.example', '<e@x>', [replyToken(1, 1, 1), replyToken(1, 1, 2)]),
    ]
    const counted = tallyEmails(bursts, received)
    expect(counted).toMatchObject({ delivered: 4, lost: 0, duplicated: 1, resent: 0 })
    expect(counted.exactVisitors).toBe(1)
    expect(counted.lastNeededAt).toBe(clock - 1000)
  })

  it('counts a burst spread over two e-mails as split, delivered, not duplicated', () => {
    const received = good()
    received.splice(
      0,
      1,
      mail('v0@drill.example', '<a1@x>', [replyToken(0, 1, 1)]),
      mail('v0@drill.example', '<a2@x>', [replyToken(0, 1, 2)]),
    )
    const counted = tallyEmails(bursts, received)
    expect(counted).toMatchObject({ delivered: 4, lost: 0, duplicated: 0, split: 1 })
    expect(counted.exactVisitors).toBe(1)
  })

  it("does not count a visitor's replies e-mailed to another address", () => {
    const received = good()
    received[2] = mail('v1@drill.example', '<c@x>', [replyToken(0, 2, 1)])
    const counted = tallyEmails(bursts, received)
    expect(counted).toMatchObject({ delivered: 3, lost: 1, unexpected: 1 })
    expect(counted.lostExamples).toEqual([replyToken(0, 2, 1)])
  })

  it('counts nothing received as every burst lost, with no time', () => {
    expect(tallyEmails(bursts, [])).toMatchObject({
      sent: 4,
      delivered: 0,
      lost: 4,
      lastNeededAt: undefined,
      exactVisitors: 0,
    })
  })
})
