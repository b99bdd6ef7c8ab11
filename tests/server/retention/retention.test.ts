import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { nanoid } from 'nanoid'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { describeRedis } from '../../../kit/redis-server'
import type { RetentionKinds } from '../../../server/config/retention-kinds'
import { createLogger } from '../../../server/logging/logger'
import { createRetention, passCap, type RetentionPolicy } from '../../../server/retention/retention'
import { createMemoryStore } from '../../../server/store/memory-store'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { createFolderStore } from '../../../server/uploads/folder-store'
import { newFileId, type StoredFile } from '../../../server/uploads/stored-file'
import { createEntry } from '../support/conformance'
import { useRedisInstances } from '../support/redis-instances'

const DAY = 86_400_000
const HOUR = 3_600_000

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'porthole-retention-'))
})
afterEach(async () => {
  vi.useRealTimers()
  await rm(dir, { recursive: true, force: true })
})

type Clock = { wall: number; mono: number }
type PolicyOverrides = Partial<Omit<RetentionPolicy, 'kinds'>> & { kinds?: Partial<RetentionKinds> }

/** Every kind kept `ms`. */
const allKinds = (ms: number): RetentionKinds => ({
  messages: ms,
  files: ms,
  emails: ms,
  ratings: ms,
  consents: ms,
})

/** A runner on a memory store, or on `given`'s store (whose clock reads `given.clock.wall`). */
function setup(
  policy: PolicyOverrides = {},
  referenceClock?: () => Promise<number | undefined>,
  given?: { clock: Clock; store: Store },
) {
  const clock = given?.clock ?? { wall: 100 * DAY, mono: 0 }
  const logs: string[] = []
  const store = given?.store ?? createMemoryStore({ now: () => clock.wall })
  const files = createFolderStore(dir)
  const retention = createRetention({
    store,
    files,
    policy: {
      maxEntries: 1000,
      maxAgeMs: 30 * DAY,
      startDelayMs: 300_000,
      maxDeletePercent: 25,
      ...policy,
      kinds: { ...allKinds(30 * DAY), ...policy.kinds },
    },
    now: () => clock.wall,
    monotonic: () => clock.mono,
    logger: createLogger({ level: 'debug', write: (line) => logs.push(line) }),
    everyMs: HOUR,
    ...(referenceClock ? { referenceClock } : {}),
  })
  const advance = (ms: number) => {
    clock.wall += ms
    clock.mono += ms
  }
  async function storeFile(visitorId: string, createdAt: number): Promise<StoredFile> {
    const file: StoredFile = {
      id: newFileId(),
      visitorId,
      name: 'a.pdf',
      size: 3,
      type: 'pdf',
      mime: 'application/pdf',
      createdAt,
      attachedAt: createdAt,
    }
    const path = join(await files.incomingDir(), file.id)
    await writeFile(path, 'pdf')
    await files.put(file, { path })
    return file
  }
  const count = async (visitorId: string) =>
    (await store.readAfter(visitorId, undefined, 1000)).length
  return { clock, logs, store, files, retention, advance, storeFile, count }
}

describe('passCap', () => {
  it('is the share of what is stored, at least one', () => {
    expect(passCap(0, 25)).toBe(1)
    expect(passCap(6, 25)).toBe(2)
    expect(passCap(1000, 25)).toBe(250)
    expect(passCap(1000, 100)).toBe(1000)
  })
})

describe('createRetention', () => {
  it('runs the first pass after the start delay, not at start', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const s = setup()
    await s.store.append('v1', createEntry({ at: s.clock.wall - 40 * DAY }))
    s.retention.start()
    expect(s.retention.firstPass).toBeUndefined()
    await vi.advanceTimersByTimeAsync(299_000)
    expect(s.retention.firstPass).toBeUndefined()
    expect(await s.count('v1')).toBe(1)
    s.advance(300_000)
    await vi.advanceTimersByTimeAsync(1000)
    await s.retention.firstPass
    expect(await s.count('v1')).toBe(0)
    s.retention.stop()
  })

  it('with a start delay of 0 runs the first pass at start', async () => {
    const s = setup({ startDelayMs: 0 })
    await s.store.append('v1', createEntry({ at: s.clock.wall - 40 * DAY }))
    s.retention.start()
    await s.retention.firstPass
    expect(await s.count('v1')).toBe(0)
    s.retention.stop()
  })

  it('skips a pass after the wall clock stepped, and runs the next once it held steady', async () => {
    const s = setup()
    await s.store.append('v1', createEntry({ at: s.clock.wall - 40 * DAY }))
    s.retention.start()
    s.clock.wall += 31 * DAY
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.count('v1')).toBe(1)
    expect(s.logs.some((l) => l.includes('pass skipped, the wall clock stepped +31.0 days'))).toBe(
      true,
    )
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.count('v1')).toBe(0)
  })

  it("deletes nothing while the clock is far from the service's, even when it was wrong from the start", async () => {
    // The process started with the clock 31 days ahead: no step against the monotonic
    // clock shows it, but the conversation service's Date header does (the clock drill's
    // finding: a pass at +31 days took 25 % of the entries and the attachment).
    const service = { at: (100 * DAY) as number | undefined }
    const s = setup({ startDelayMs: 0 }, async () => service.at)
    await s.store.append('v1', createEntry({ at: 100 * DAY - HOUR }))
    await s.storeFile('v1', 100 * DAY - HOUR)
    // Restarted with the clock 31 days ahead: the runner's first reading is already wrong.
    s.clock.wall += 31 * DAY
    s.retention.start()
    await s.retention.firstPass
    expect(await s.count('v1')).toBe(1)
    expect(await s.files.list('v1')).toHaveLength(1)
    expect(s.logs.some((l) => l.includes("+31.0 days off the conversation service's"))).toBe(true)
    // Within the tolerance, or no answer from the service: the other guards decide.
    s.advance(HOUR)
    service.at = s.clock.wall - 60_000
    await s.retention.run()
    expect(await s.count('v1')).toBe(0)
  })

  it('tolerates the drift of a slewing clock', async () => {
    const s = setup()
    await s.store.append('v1', createEntry({ at: s.clock.wall - 40 * DAY }))
    s.retention.start()
    s.advance(HOUR)
    s.clock.wall += 2000
    await s.retention.run()
    expect(await s.count('v1')).toBe(0)
  })

  it('deletes at most RETENTION_MAX_DELETE_PERCENT of the entries in one pass and says loudly when most would go', async () => {
    const s = setup()
    for (let i = 0; i < 8; i++)
      await s.store.append('old', createEntry({ at: s.clock.wall - 40 * DAY }))
    s.retention.start()
    s.advance(HOUR)
    await s.retention.run()
    // 25 % of 8.
    expect(await s.count('old')).toBe(6)
    const alarm = s.logs.find((l) => l.includes('would delete most of the conversation entries'))
    expect(alarm).toContain('"level":"error"')
    expect(alarm).toContain('(8 of 8)')
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.count('old')).toBe(4)
  })

  it('says nothing loud when a pass deletes a small part', async () => {
    const s = setup()
    for (let i = 0; i < 9; i++) await s.store.append('young', createEntry({ at: s.clock.wall }))
    await s.store.append('old', createEntry({ at: s.clock.wall - 40 * DAY }))
    s.retention.start()
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.count('old')).toBe(0)
    expect(s.logs.some((l) => l.includes('would delete most'))).toBe(false)
  })

  it('deletes nothing while the clock reads before the newest stored entry or file', async () => {
    const s = setup()
    await s.store.append('v1', createEntry({ at: s.clock.wall - 40 * DAY }))
    await s.store.append('v1', createEntry({ at: s.clock.wall + 2 * DAY }))
    const old = await s.storeFile('v1', s.clock.wall - 40 * DAY)
    await s.storeFile('v1', s.clock.wall + 2 * DAY)
    s.retention.start()
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.count('v1')).toBe(2)
    expect(await s.files.get(old.id)).toBeDefined()
    expect(s.logs.filter((l) => l.includes('reads before the newest one stored'))).toHaveLength(2)
  })

  it('deletes at most RETENTION_MAX_DELETE_PERCENT of the attachments in one pass, the oldest first', async () => {
    const s = setup()
    const stored: StoredFile[] = []
    for (let i = 4; i > 0; i--) stored.push(await s.storeFile('v1', s.clock.wall - (40 + i) * DAY))
    s.retention.start()
    s.advance(HOUR)
    await s.retention.run()
    const left = async () =>
      (await Promise.all(stored.map((f) => s.files.get(f.id)))).map((f) => f !== undefined)
    expect(await left()).toEqual([false, true, true, true])
    expect(s.logs.some((l) => l.includes('would delete most of the attachments (4 of 4)'))).toBe(
      true,
    )
    s.advance(HOUR)
    await s.retention.run()
    expect(await left()).toEqual([false, false, true, true])
  })
})

/** The kinds a pass walks. */
const WALKED = ['messages', 'files', 'emails', 'ratings', 'consents'] as const

/** One of each walked kind for `visitorId`, made at `at`; answers which are still there. */
async function oneOfEach(s: ReturnType<typeof setup>, visitorId: string, at: number) {
  await s.store.append(visitorId, createEntry({ at }))
  const file = await s.storeFile(visitorId, at)
  await s.store.recordConsent(visitorId, { version: 'v1', at })
  await s.store.setAgedRecord(`email-sent:${visitorId}`, { n: 1 }, 'emails', at)
  await s.store.setAgedRecord(`rating:${visitorId}:1`, { stars: 4 }, 'ratings', at)
  const has = async (key: string) => (await s.store.getRecord(key, z.unknown())) !== undefined
  return async () => ({
    messages: (await s.count(visitorId)) > 0,
    files: (await s.files.get(file.id)) !== undefined,
    emails: await has(`email-sent:${visitorId}`),
    ratings: await has(`rating:${visitorId}:1`),
    consents: (await s.store.listConsents(visitorId)).length > 0,
  })
}

/** Each kind, kept 10 days while the others keep 30: a 15-day-old one of it goes, the others stay. */
function describeKindsOnTheirOwnClocks(
  name: string,
  open: (clock: Clock) => Promise<{ store: Store; close: () => Promise<void> }>,
) {
  describe(`retention per kind on ${name}`, () => {
    for (const kind of WALKED) {
      it(`deletes ${kind} past RETENTION_${kind.toUpperCase()}_DAYS, and nothing of the other kinds`, async () => {
        const clock: Clock = { wall: 100 * DAY, mono: 0 }
        const { store, close } = await open(clock)
        try {
          const s = setup({ kinds: { [kind]: 10 * DAY } }, undefined, { clock, store })
          const left = await oneOfEach(s, `v-${kind}`, clock.wall - 15 * DAY)
          s.retention.start()
          s.advance(HOUR)
          await s.retention.run()
          const every = { messages: true, files: true, emails: true, ratings: true, consents: true }
          const expected = { ...every, [kind]: false }
          expect(await left()).toEqual(expected)
          // Under the default (30 days) for every kind, the same things all stay.
          const kept = await oneOfEach(s, `w-${kind}`, clock.wall - 15 * DAY)
          const everyKind = setup({}, undefined, { clock, store })
          everyKind.retention.start()
          s.advance(HOUR)
          await everyKind.retention.run()
          expect(await kept()).toEqual(every)
        } finally {
          await close()
        }
      })
    }
  })
}

describe('records written before their kind was aged', () => {
  it('follow the kind’s retention from the first pass: one past it goes, a young one stays aged', async () => {
    const s = setup({ kinds: { ratings: 10 * DAY, emails: 10 * DAY } })
    // Written with RETENTION_DAYS (30) as their lifetime, 15 days and 1 day ago.
    await s.store.setRecord('rating:v1:e1', { stars: 4 }, 15 * DAY)
    await s.store.setRecord('email-sent:v1', { at: 1 }, 29 * DAY)
    s.retention.start()
    s.advance(300_000)
    await s.retention.run()
    expect(await s.store.getRecord('rating:v1:e1', z.unknown())).toBeUndefined()
    expect(await s.store.getRecord('email-sent:v1', z.unknown())).toEqual({ at: 1 })
    expect(s.logs.some((line) => line.includes('now follow it'))).toBe(true)
    // 10 days on it is past RETENTION_EMAILS_DAYS, though its old lifetime had 19 days left.
    s.advance(10 * DAY)
    await s.retention.run()
    expect(await s.store.getRecord('email-sent:v1', z.unknown())).toBeUndefined()
  })
})

describeKindsOnTheirOwnClocks('memory', async (clock) => {
  const store = createMemoryStore({ now: () => clock.wall })
  return { store, close: () => store.close() }
})

describeKindsOnTheirOwnClocks('sqlite', async (clock) => {
  const store = openSqliteStore(join(dir, 'retention.db'), { now: () => clock.wall })
  return { store, close: () => store.close() }
})

describeRedis('retention per kind on redis', () => {
  const redis = useRedisInstances()
  describeKindsOnTheirOwnClocks('redis', async (clock) => {
    const store = await redis.openStore({ prefix: `rk:${nanoid()}:`, now: () => clock.wall })
    return { store, close: async () => {} }
  })
})

describe('retention of consents', () => {
  it('deletes at most RETENTION_MAX_DELETE_PERCENT of the consents in one pass and says loudly when most would go', async () => {
    const s = setup()
    for (let i = 0; i < 8; i++)
      await s.store.recordConsent(`v${i}`, { version: 'v1', at: s.clock.wall - (40 + i) * DAY })
    const left = async () => {
      const all = await Promise.all([...Array(8).keys()].map((i) => s.store.listConsents(`v${i}`)))
      return all.filter((list) => list.length > 0).length
    }
    s.retention.start()
    s.advance(HOUR)
    await s.retention.run()
    expect(await left()).toBe(6)
    // The oldest went first.
    expect(await s.store.listConsents('v7')).toEqual([])
    expect(s.logs.some((l) => l.includes('would delete most of the consents (8 of 8)'))).toBe(true)
    s.advance(HOUR)
    await s.retention.run()
    expect(await left()).toBe(4)
  })

  it('deletes no consent while the clock reads before the newest one, and still prunes the other kinds', async () => {
    const s = setup()
    await s.store.recordConsent('v1', { version: 'old', at: s.clock.wall - 40 * DAY })
    await s.store.recordConsent('v2', { version: 'ahead', at: s.clock.wall + 2 * DAY })
    await s.store.append('v1', createEntry({ at: s.clock.wall - 40 * DAY }))
    await s.store.append('v1', createEntry({ at: s.clock.wall }))
    s.retention.start()
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.store.listConsents('v1')).toHaveLength(1)
    expect(s.logs.some((l) => l.includes('retention: consents not pruned, the clock'))).toBe(true)
    expect(await s.count('v1')).toBe(1)
  })

  it('skips consents, as every kind, after the wall clock stepped', async () => {
    const s = setup()
    await s.store.recordConsent('v1', { version: 'old', at: s.clock.wall - 40 * DAY })
    s.retention.start()
    s.clock.wall += 31 * DAY
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.store.listConsents('v1')).toHaveLength(1)
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.store.listConsents('v1')).toEqual([])
  })
})

describe('retention of e-mail records and ratings', () => {
  it('deletes at most RETENTION_MAX_DELETE_PERCENT of a kind in one pass, none after a clock step, none while the clock reads before the newest', async () => {
    const s = setup()
    const keys = [...Array(8).keys()].map((i) => `rating:v${i}:1`)
    for (const [i, key] of keys.entries())
      await s.store.setAgedRecord(key, {}, 'ratings', s.clock.wall - (40 + i) * DAY)
    const left = async () =>
      (await Promise.all(keys.map((key) => s.store.getRecord(key, z.unknown())))).filter(Boolean)
        .length
    s.retention.start()
    s.clock.wall += 31 * DAY
    s.advance(HOUR)
    await s.retention.run()
    expect(await left()).toBe(8)
    s.advance(HOUR)
    await s.retention.run()
    expect(await left()).toBe(6)
    expect(s.logs.some((l) => l.includes('would delete most of the ratings (8 of 8)'))).toBe(true)
    // An e-mail record written ahead of this clock: the e-mail records wait, the ratings go on.
    await s.store.setAgedRecord('email-sent:ahead', {}, 'emails', s.clock.wall + 2 * DAY)
    await s.store.setAgedRecord('email-sent:old', {}, 'emails', s.clock.wall - 40 * DAY)
    s.advance(HOUR)
    await s.retention.run()
    expect(await s.store.getRecord('email-sent:old', z.unknown())).toEqual({})
    expect(s.logs.some((l) => l.includes('retention: e-mail records not pruned, the clock'))).toBe(
      true,
    )
    expect(await left()).toBe(4)
  })
})
