import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../../server/app'
import { MAX_MAIL_ATTACHMENTS } from '../../../../server/email/inbound/reply-attachments'
import { createMemoryStore } from '../../../../server/store/memory-store'
import { createUploadLimits } from '../../../../server/uploads/upload-limits'
import { MAX_MESSAGE_LENGTH, MAX_TEXT_LENGTH } from '../../../../shared/text'
import { flakyStore } from '../../support/flaky-store'
import { mailWithFiles } from '../../support/hostile-mails'
import { createInboundTestApp, type InboundTestApp, plainMail } from '../../support/inbound-app'
import { FIXTURE_ADDRESS, FIXTURE_VISITOR } from '../../support/inbound-emails'

// Issue 39, items 2 and 6: an e-mail's text had no cap and its parts were not counted;
// 995 tiny attachments made 89 agent lines; e-mail attachments skipped the upload
// quotas and the disk floor.

const MIB = 1024 * 1024

let t: InboundTestApp | undefined
afterEach(async () => {
  await t?.cleanup()
  t = undefined
})

type Sent = { message: { type: string; text?: string; file_name?: string } }
const sent = (app: InboundTestApp) => app.service.messages() as Sent[]
const texts = (app: InboundTestApp) =>
  sent(app)
    .filter((m) => m.message.type === 'text')
    .map((m) => m.message.text ?? '')

/** `count` text files of `bytes` bytes each, named note-1.txt, note-2.txt, … */
const textFiles = (count: number, bytes: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `note-${i + 1}.txt`,
    type: 'text/plain',
    content: 'a'.repeat(bytes),
  }))

describe('the text of an e-mail reply', () => {
  it('is cut at the widget’s message cap, with a note for the agents', async () => {
    t = await createInboundTestApp()
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ')
    expect(words.length).toBeGreaterThan(100_000)
    const res = await t.postMail(plainMail(FIXTURE_ADDRESS, words))
    expect(res.status).toBe(200)
    const parts = texts(t)
    // Parts break after a blank, so the widget's longest message may make one more.
    expect(parts.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH / MAX_TEXT_LENGTH + 1)
    expect(parts.join('').length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH)
    expect(parts.join('')).toMatch(/^w0 w1 w2 /)
    expect(parts.join('')).toMatch(
      /\n\n\(cut: the e-mail’s text was longer than 20,000 characters; the rest was not taken\)$/,
    )
  })

  it('counts each part against the visitor’s message rate, as the widget does', async () => {
    t = await createInboundTestApp({
      config: {
        rateLimits: {
          messagesPerVisitorPerMinute: 6,
          messagesPerIpPerMinute: 1000,
          sessionsPerIpPerMinute: 1000,
        },
      },
    })
    const fiveParts = Array.from({ length: 5 }, (_, i) => `${i}`.repeat(900)).join('\n\n')
    expect(await (await t.postMail(plainMail(FIXTURE_ADDRESS, fiveParts))).json()).toEqual({
      result: 'ok',
      messages: 1,
    })
    expect(texts(t)).toHaveLength(5)
    // Five of six spent: one more short reply fits, the next is over the rate.
    expect((await t.postMail(plainMail(FIXTURE_ADDRESS, 'one'))).status).toBe(200)
    const over = await t.postMail(plainMail(FIXTURE_ADDRESS, 'two'))
    expect(over.status).toBe(429)
    expect(texts(t)).toHaveLength(6)
  })
})

describe('the attachments of an e-mail reply', () => {
  it('takes at most MAX_MAIL_ATTACHMENTS files and notes the rest once', async () => {
    t = await createInboundTestApp()
    const res = await t.postMail(mailWithFiles(FIXTURE_ADDRESS, 'My notes', textFiles(995, 2)))
    expect(await res.json()).toEqual({ result: 'ok', messages: MAX_MAIL_ATTACHMENTS + 1 })
    expect(sent(t).filter((m) => m.message.type !== 'text')).toHaveLength(MAX_MAIL_ATTACHMENTS)
    expect(texts(t)).toEqual([
      `My notes\n\n(985 more attachments not taken: at most ${MAX_MAIL_ATTACHMENTS} files are taken from one e-mail)`,
    ])
  })

  it('count against the visitor’s upload quota, shared with the widget’s uploads', async () => {
    t = await createInboundTestApp({
      config: {
        uploadQuota: { perVisitorBytes: 2 * MIB, perIpBytes: 100 * MIB, windowMs: 3_600_000 },
      },
    })
    const res = await t.postMail(mailWithFiles(FIXTURE_ADDRESS, 'Files', textFiles(5, 1.4e6)))
    expect(await res.json()).toEqual({ result: 'ok', messages: 2 })
    expect(sent(t).filter((m) => m.message.type !== 'text')).toHaveLength(1)
    const [text] = texts(t)
    for (const name of ['note-2.txt', 'note-3.txt', 'note-4.txt', 'note-5.txt']) {
      expect(text).toContain(
        `(Attachment "${name}": not taken (the visitor sent the most files allowed: 2 MB in 1 hour))`,
      )
    }
    // The widget's uploads see the same quota spent.
    expect(await createUploadLimits(t.deps).perVisitor.take(FIXTURE_VISITOR, MIB)).toBeGreaterThan(
      0,
    )
  })

  it('are not stored while the disk is below DISK_FREE_FLOOR_MB', async () => {
    t = await createInboundTestApp({
      config: { diskFreeFloorBytes: 100 * MIB },
      overrides: { diskSpace: { freeBytes: async () => 100 * MIB + 1000 } },
    })
    const res = await t.postMail(mailWithFiles(FIXTURE_ADDRESS, 'Files', textFiles(1, 5000)))
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    expect(texts(t)).toEqual([
      'Files\n\n(Attachment "note-1.txt": not taken (the server is short of disk space))',
    ])
  })

  it('count against EMAIL_ATTACHMENTS_MB_PER_HOUR, all e-mails together', async () => {
    t = await createInboundTestApp({ attachmentBytesPerHour: MIB })
    const res = await t.postMail(mailWithFiles(FIXTURE_ADDRESS, 'Files', textFiles(2, 600_000)))
    expect(await res.json()).toEqual({ result: 'ok', messages: 2 })
    expect(texts(t)).toEqual([
      'Files\n\n(Attachment "note-2.txt": not taken (e-mails brought the most files allowed: 1 MB an hour))',
    ])
  })

  it('posted again after a failure, are stored once and counted once', async () => {
    let down = false
    // The store refuses writes while `down`: the reply fails after its files are stored.
    const flaky = flakyStore(createMemoryStore(), 'setRecord', () => down)
    t = await createInboundTestApp({
      overrides: { store: flaky },
      config: {
        uploadQuota: { perVisitorBytes: 2 * MIB, perIpBytes: 100 * MIB, windowMs: 3_600_000 },
      },
    })
    const files = runtimeOf(t.app).files
    const raw = mailWithFiles(FIXTURE_ADDRESS, 'Files', textFiles(1, 1.4e6))
    down = true
    expect((await t.postMail(raw)).status).toBe(503)
    expect(await files.list(FIXTURE_VISITOR)).toEqual([])
    down = false
    // The mail service posts it again: the file fits the quota, as the first copy was given back.
    expect(await (await t.postMail(raw)).json()).toEqual({ result: 'ok', messages: 2 })
    expect(await files.list(FIXTURE_VISITOR)).toHaveLength(1)
    expect(texts(t)).toEqual(['Files'])
  })

  it('are never stored with EMAIL_ATTACHMENTS_MB_PER_HOUR=0', async () => {
    t = await createInboundTestApp({ attachmentBytesPerHour: 0 })
    const res = await t.postMail(mailWithFiles(FIXTURE_ADDRESS, 'Files', textFiles(1, 10)))
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    expect(texts(t)).toEqual([
      'Files\n\n(Attachment "note-1.txt": not taken (e-mail attachments are off (EMAIL_ATTACHMENTS_MB_PER_HOUR is 0)))',
    ])
  })
})
