import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { nanoid } from 'nanoid'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { z } from 'zod'
import { redisAvailability, startRedisServer } from '../../../kit/redis-server'
import { runtimeOf } from '../../../server/app'
import { endConversation } from '../../../server/conversation/end-conversation'
import { createLogger } from '../../../server/logging/logger'
import { createRetention } from '../../../server/retention/retention'
import { transcriptWaitingKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createRedisStore } from '../../../server/store/redis-store'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { createFolderStore } from '../../../server/uploads/folder-store'
import type { ConversationEntry } from '../../../shared/widget-api'
import {
  createTestConfig,
  createTestSettings,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { confirmAddress } from '../support/confirmed-address'
import { stopMailApps } from '../support/mail-apps'
import { decodeParts, type SmtpSink, startSmtpSink } from '../support/smtp-sink'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

describe('when the conversation ends: POST /api/rating and POST /api/transcript', () => {
  let sink: SmtpSink
  let store: Store
  let apps: TestApp[]

  beforeEach(async () => {
    sink = await startSmtpSink()
    store = createMemoryStore()
    apps = []
  })

  afterEach(async () => {
    await stopMailApps(apps)
    await sink.stop()
  })

  function start(
    options: {
      email?: boolean
      settings?: Record<string, unknown>
      env?: Record<string, string>
    } = {},
  ): TestApp {
    const env =
      options.email === false
        ? {}
        : {
            SMTP_URL: sink.url,
            EMAIL_FROM: 'Northwind <chat@northwind.example>',
            ...options.env,
          }
    const t = createTestApp({
      store,
      config: createTestConfig({}, env),
      settings: createTestSettings(options.settings ?? {}),
      email: { resumeUrl: async () => 'https://shop.example/' },
    })
    apps.push(t)
    return t
  }

  /** A visitor's conversation of two messages, ended by the agent: its token and ended entry. */
  async function endedChat(t: TestApp, contact: { email?: string } = {}) {
    const res = await t.request('/api/session', { body: { contact } })
    const { token, visitorId } = (await res.json()) as { token: string; visitorId: string }
    const sent = await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'Where is <my> order?' },
    })
    expect(sent.status).toBe(200)
    await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      body: createAgentMessage({
        recipientId: visitorId,
        message: { text: 'It shipped & is on its way' },
      }),
    })
    const open = await entries(t, token)
    expect(await endConversation(store, visitorId, 'closed', { now: Date.now() })).toBe(true)
    const ended = (await entries(t, token)).at(-1)
    if (!ended?.ended) throw new Error('not ended')
    return { token, visitorId, ended, open: open.at(-1) as ConversationEntry }
  }

  async function entries(t: TestApp, token: string): Promise<ConversationEntry[]> {
    const res = await t.request('/api/history?limit=200', { token })
    return ((await res.json()) as { entries: ConversationEntry[] }).entries
  }

  const rate = (t: TestApp, token: string, body: unknown) =>
    t.request('/api/rating', { token, body })
  const transcript = (t: TestApp, token: string, body: unknown) =>
    t.request('/api/transcript', { token, body })

  it('stores one rating per ended conversation, shows it on every device, counts it', async () => {
    const t = start()
    const { token, ended } = await endedChat(t)
    const first = await rate(t, token, {
      conversation: ended.id,
      score: 'bad',
      comment: ' too slow ',
    })
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({ rating: { score: 'bad', comment: 'too slow' } })
    // A retry of the same rating (its answer lost) is answered as the first.
    const again = await rate(t, token, {
      conversation: ended.id,
      score: 'bad',
      comment: 'too slow',
    })
    expect(again.status).toBe(200)
    // Any device of the visitor reads it.
    const read = await t.request(`/api/rating?conversation=${encodeURIComponent(ended.id)}`, {
      token,
    })
    expect(await read.json()).toMatchObject({ rating: { conversation: ended.id, score: 'bad' } })
    const metrics = await runtimeOf(t.app).metrics.registry.render()
    expect(metrics).toContain('porthole_ratings_total{score="bad"} 1')
    // ratingToAgents is off by default: the agents got only the visitor's message.
    expect(t.service.messages().map((m) => JSON.stringify(m))).not.toContainEqual(
      expect.stringContaining('Rated'),
    )
  })

  it('sends the rating to the agents once as a customer message when email.ratingToAgents is on', async () => {
    const t = start({ settings: { email: { rating: 'stars', ratingToAgents: true } } })
    const { token, ended } = await endedChat(t)
    expect(
      (await rate(t, token, { conversation: ended.id, score: 4, comment: 'Quick' })).status,
    ).toBe(201)
    expect(
      (await rate(t, token, { conversation: ended.id, score: 4, comment: 'Quick' })).status,
    ).toBe(200)
    const rated = t.service.messages().filter((m) => JSON.stringify(m).includes('Rated 4/5: Quick'))
    expect(rated).toHaveLength(1)
  })

  it('a tap rates at once; the comment and a re-tap change the same rating; retries change nothing (issue 35, defect 2)', async () => {
    const t = start({ settings: { email: { rating: 'thumbs', ratingToAgents: true } } })
    const { token, ended } = await endedChat(t)
    const read = async () =>
      (
        (await (
          await t.request(`/api/rating?conversation=${encodeURIComponent(ended.id)}`, { token })
        ).json()) as { rating: unknown }
      ).rating
    const tap = await rate(t, token, { conversation: ended.id, score: 'good' })
    expect(tap.status).toBe(201)
    expect(await read()).toMatchObject({ score: 'good', revision: 1 })
    // The comment, added after: the same rating, its score kept.
    const commented = await rate(t, token, {
      conversation: ended.id,
      score: 'good',
      comment: 'Quick answer',
    })
    expect(commented.status).toBe(200)
    expect(await commented.json()).toMatchObject({
      rating: { score: 'good', comment: 'Quick answer', revision: 2 },
    })
    // A retry of it (its answer lost) changes nothing.
    const retry = await rate(t, token, {
      conversation: ended.id,
      score: 'good',
      comment: 'Quick answer',
    })
    expect(retry.status).toBe(200)
    expect(await retry.json()).toMatchObject({ rating: { revision: 2 } })
    // A re-tap changes the score and keeps the comment.
    expect((await rate(t, token, { conversation: ended.id, score: 'bad' })).status).toBe(200)
    expect(await read()).toEqual(
      expect.objectContaining({ score: 'bad', comment: 'Quick answer', revision: 3 }),
    )
    // Counted once, at the first score.
    const metrics = await runtimeOf(t.app).metrics.registry.render()
    expect(metrics).toContain('porthole_ratings_total{score="good"} 1')
    expect(metrics).not.toContain('porthole_ratings_total{score="bad"}')
    // The agents got each version once, in order.
    const rated = t.service
      .messages()
      .map((m) => JSON.stringify(m))
      .filter((m) => m.includes('Rated'))
      .map((m) => /Rated[^"]*/.exec(m)?.[0])
    expect(rated).toEqual(['Rated 👍', 'Rated 👍: Quick answer', 'Rated 👎: Quick answer'])
  })

  /** A conversation ended, rated, and its transcript waiting for the address's confirmation. */
  async function ratedAndWaiting(t: TestApp) {
    const chat = await endedChat(t)
    const { token, ended } = chat
    expect((await rate(t, token, { conversation: ended.id, score: 'good' })).status).toBe(201)
    const asked = await transcript(t, token, { conversation: ended.id, email: 'ann@example.com' })
    expect(await asked.json()).toMatchObject({ transcript: { state: 'confirm_sent' } })
    return chat
  }
  // Every expired record in one pass: the cap per pass is the retention tests' own.
  const RETENTION_ENV = {
    RETENTION_RATINGS_DAYS: '2',
    RETENTION_EMAILS_DAYS: '5',
    RETENTION_MAX_DELETE_PERCENT: '100',
  }
  const DAY = 86_400_000

  /** The hourly retention pass of `t`'s settings, on a clock that moves with `clock()` (no step). */
  function retentionPass(t: TestApp, clock: () => number) {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-end-files-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    return createRetention({
      store,
      files: createFolderStore(dir),
      policy: t.deps.config.retention,
      now: clock,
      monotonic: clock,
      logger: createLogger({ level: 'error', write: () => {} }),
      everyMs: DAY,
    })
  }

  for (const kind of ['memory', 'sqlite', 'redis'] as const)
    it.skipIf(kind === 'redis' && !redisAvailability())(
      `the retention pass deletes ratings past RETENTION_RATINGS_DAYS and e-mail records past RETENTION_EMAILS_DAYS (${kind})`,
      async () => {
        let clock = Date.now()
        if (kind === 'memory') store = createMemoryStore({ now: () => clock })
        else if (kind === 'sqlite') {
          const dir = mkdtempSync(join(tmpdir(), 'porthole-end-retention-'))
          store = openSqliteStore(join(dir, 'porthole.db'), { now: () => clock })
          // After afterEach has stopped the apps.
          onTestFinished(async () => {
            await store.close()
            rmSync(dir, { recursive: true, force: true })
          })
        } else {
          const redis = await startRedisServer()
          store = await createRedisStore(redis.url, {
            prefix: `end:${nanoid()}:`,
            now: () => clock,
          })
          onTestFinished(async () => {
            await store.close()
            await redis.stop()
          })
        }
        const t = start({ env: RETENTION_ENV })
        const pass = retentionPass(t, () => clock)
        const { token, visitorId, ended } = await ratedAndWaiting(t)
        const rating = async () =>
          (
            await t.request(`/api/rating?conversation=${encodeURIComponent(ended.id)}`, { token })
          ).json()
        const waiting = () =>
          store.getRecord(
            transcriptWaitingKey(visitorId, ended.id),
            z.object({ address: z.string() }),
          )
        expect(await rating()).toMatchObject({ rating: { score: 'good' } })
        expect(await waiting()).toEqual({ address: 'ann@example.com' })
        clock += 3 * DAY
        // Nothing expires by itself: the pass deletes.
        expect(await rating()).toMatchObject({ rating: { score: 'good' } })
        await pass.run()
        // The ratings' 2 days are over; the e-mail records' 5 and the messages' 30 are not.
        expect(await rating()).toEqual({ rating: null })
        expect(await waiting()).toEqual({ address: 'ann@example.com' })
        clock += 3 * DAY
        await pass.run()
        expect(await waiting()).toBeUndefined()
        expect((await store.readAfter(visitorId, undefined, 10)).length).toBeGreaterThanOrEqual(3)
      },
    )

  it('answers clear errors: wrong score kind, not ended, unknown entry, ratings off, long comment', async () => {
    const t = start()
    const { token, ended, open } = await endedChat(t)
    const stars = await rate(t, token, { conversation: ended.id, score: 4 })
    expect(stars.status).toBe(400)
    expect(await stars.json()).toMatchObject({ error: { code: 'invalid_request' } })
    const notEnded = await rate(t, token, { conversation: open.id, score: 'good' })
    expect(notEnded.status).toBe(409)
    expect(await notEnded.json()).toMatchObject({ error: { code: 'not_ended' } })
    expect((await rate(t, token, { conversation: '999999', score: 'good' })).status).toBe(400)
    const long = await rate(t, token, {
      conversation: ended.id,
      score: 'good',
      comment: 'x'.repeat(501),
    })
    expect(long.status).toBe(400)
    expect(
      (await t.request('/api/rating', { body: { conversation: ended.id, score: 'good' } })).status,
    ).toBe(401)
    expect((await transcript(t, token, { conversation: open.id })).status).toBe(409)

    const off = start({ settings: { email: { rating: 'none' } } })
    const none = await rate(off, token, { conversation: ended.id, score: 'good' })
    expect(none.status).toBe(409)
    expect(await none.json()).toMatchObject({ error: { code: 'rating_off' } })
  })

  it('answers 503 for a transcript while e-mail is off, and the public config says so', async () => {
    const t = start({ email: false })
    const { token, ended } = await endedChat(t, { email: 'ann@example.com' })
    const res = await transcript(t, token, { conversation: ended.id })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ error: { code: 'email_off' } })
    const config = (await (await t.request('/api/config')).json()) as Record<string, unknown>
    expect(config.ended).toBeUndefined()
    const on = (await (await start().request('/api/config')).json()) as Record<string, unknown>
    expect(on.ended).toEqual({ transcript: true })
    const stars = start({ email: false, settings: { email: { rating: 'stars' } } })
    expect(
      ((await (await stars.request('/api/config')).json()) as Record<string, unknown>).ended,
    ).toEqual({
      rating: 'stars',
    })
  })

  it('asks for an address when none is known and refuses a malformed one', async () => {
    const t = start()
    const { token, ended } = await endedChat(t)
    const none = await transcript(t, token, { conversation: ended.id })
    expect(none.status).toBe(400)
    expect(await none.json()).toMatchObject({ error: { code: 'email_required' } })
    const bad = await transcript(t, token, { conversation: ended.id, email: 'ann@example' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      error: { code: 'invalid_email', message: expect.stringContaining('name@example.com') },
    })
    const ok = await transcript(t, token, { conversation: ended.id, email: 'ann@example.com' })
    expect(ok.status).toBe(202)
    // The address given becomes the visitor's: the next request needs none.
    expect((await transcript(t, token, { conversation: ended.id })).status).toBe(202)
  })

  it('e-mails the transcript over real SMTP exactly once, with every message, even when asked twice, once the address is confirmed', async () => {
    const t = start()
    const { token, ended } = await endedChat(t, { email: 'ann@example.com' })
    const [first, second] = await Promise.all([
      transcript(t, token, { conversation: ended.id }),
      transcript(t, token, { conversation: ended.id }),
    ])
    expect(first.status).toBe(202)
    expect(second.status).toBe(202)
    expect(await first.json()).toEqual({
      transcript: { to: 'ann@example.com', state: 'confirm_sent' },
    })
    const third = await transcript(t, token, { conversation: ended.id })
    expect(third.status).toBe(202)
    // One "confirm your address" e-mail, with nothing of the conversation in it.
    await vi.waitFor(() => expect(sink.mails).toHaveLength(1), { timeout: 15_000, interval: 50 })
    const ask = decodeParts(sink.mails[0]?.raw ?? '')
    expect(ask).not.toContain('Where is')
    expect(ask).not.toContain('shipped')
    const link = /http:\/\/porthole\.test(\/email\/confirm\/[\w.-]+)/.exec(ask)?.[1] ?? ''
    expect((await t.app.request(link, { method: 'POST' })).status).toBe(200)
    await vi.waitFor(() => expect(sink.mails).toHaveLength(2), { timeout: 15_000, interval: 50 })
    // Asked again once confirmed: the same e-mail, not a second one.
    expect(await (await transcript(t, token, { conversation: ended.id })).json()).toMatchObject({
      transcript: { state: expect.stringMatching(/^(pending|sent)$/) },
    })
    // Every attempt under way has finished (a finished e-mail drops its due marker) …
    await vi.waitFor(async () => expect(await store.listRecords('email-out-due:')).toEqual([]), {
      timeout: 15_000,
      interval: 50,
    })
    await runtimeOf(t.app).email.sweep()
    // … and one transcript was stored and sent (beside the confirmation).
    expect(await store.listRecords('email-out:')).toHaveLength(2)
    expect(sink.mails).toHaveLength(2)
    const mail = sink.mails[1]
    expect(mail?.to).toEqual(['ann@example.com'])
    expect(mail?.headers.get('subject')).toBe('Your conversation with Northwind')
    expect(mail?.headers.get('message-id')).toMatch(
      /^<transcript\.[0-9a-f]{24}@northwind\.example>$/,
    )
    expect(mail?.raw).toContain('Where is <my> order?')
    expect(mail?.raw).toContain('Where is &lt;my&gt; order?')
    expect(mail?.raw).toContain('It shipped &amp; is on its way')
    expect(mail?.raw).toContain('multipart/alternative')
  })

  it('sends a transcript only to the confirmed address: one address per conversation, its unsubscribe link and header', async () => {
    const t = start()
    const { token, visitorId, ended } = await endedChat(t, { email: 'ann@example.com' })
    await confirmAddress(store, visitorId)
    // Another address than the visitor's own: refused, nothing sent.
    const other = await transcript(t, token, {
      conversation: ended.id,
      email: 'stranger@example.org',
    })
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ error: { code: 'other_address' } })
    const res = await transcript(t, token, { conversation: ended.id })
    expect(res.status).toBe(202)
    expect(await res.json()).toMatchObject({ transcript: { to: 'ann@example.com' } })
    await vi.waitFor(() => expect(sink.mails).toHaveLength(1), { timeout: 15_000, interval: 50 })
    const mail = sink.mails[0]
    const unsubscribe = /^<(http:\/\/porthole\.test\/email\/unsubscribe\/u2\.[\w-]+)>$/.exec(
      mail?.headers.get('list-unsubscribe') ?? '',
    )?.[1]
    expect(unsubscribe).toBeDefined()
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const text = (mail?.raw ?? '').replace(/=\r\n/g, '')
    expect(text).toContain(`Unsubscribe: ${unsubscribe}`)
    expect(text).toContain(`href=3D"${unsubscribe}"`)
    // The visitor changes their address: the conversation's transcript stays with the first.
    await t.request('/api/session', {
      token,
      body: { token, contact: { email: 'bo@example.com' } },
    })
    const moved = await transcript(t, token, { conversation: ended.id })
    expect(moved.status).toBe(409)
    expect(await moved.json()).toMatchObject({ error: { code: 'transcript_sent' } })
    expect(sink.mails).toHaveLength(1)
  })

  it('sends one address at most EMAIL_MAX_PER_ADDRESS_PER_DAY transcripts, whichever visitors ask: then 429', async () => {
    const t = start({ env: { EMAIL_MAX_PER_ADDRESS_PER_DAY: '2' } })
    const answers: Response[] = []
    for (let i = 0; i < 3; i++) {
      const { token, visitorId, ended } = await endedChat(t, { email: 'ann@example.com' })
      await confirmAddress(store, visitorId)
      answers.push(await transcript(t, token, { conversation: ended.id }))
    }
    expect(answers.map((res) => res.status)).toEqual([202, 202, 429])
    expect(await answers[2]?.json()).toMatchObject({ error: { code: 'recipient_limit' } })
    await vi.waitFor(() => expect(sink.mails).toHaveLength(2), { timeout: 15_000, interval: 50 })
  })
})
