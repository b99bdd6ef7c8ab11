import { describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { createEntry } from '../support/conformance'
import { stopAfterEach } from '../support/stop-after-each'
import { createClientId } from '../support/test-app'
import { createUploadTestApp, type UploadTestApp } from '../support/upload-app'
import { makePdf } from '../support/upload-samples'

const DAY = 86_400_000
const HOUR = 3_600_000

const started = stopAfterEach((t: UploadTestApp) => t.cleanup())

describe('retention with a clock that jumps', () => {
  it('keeps every conversation and file through a restart with the clock 31 days ahead for 3 seconds', async () => {
    const realNow = Date.now()
    let wall = realNow
    let mono = 0
    const t = started(await createUploadTestApp({}, { now: () => wall, monotonic: () => mono }))
    const { token, visitorId } = await t.newVisitor()
    for (let i = 0; i < 6; i++) await t.deps.store.append(visitorId, createEntry({ at: realNow }))
    const file = await t.uploadOk(token, 'sent.pdf', 'application/pdf', makePdf())
    const sent = await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'file', fileId: file.id },
    })
    expect(sent.status).toBe(200)
    const history = async () => (await t.deps.store.readAfter(visitorId, undefined, 100)).length
    const served = async () => (await t.app.request(new URL(file.url).pathname)).status
    const before = await history()
    expect(before).toBeGreaterThanOrEqual(7)

    // The restart: the clock reads 31 days ahead.
    wall = realNow + 31 * DAY
    const runtime = runtimeOf(t.app)
    await runtime.start()
    await runtime.retention.firstPass
    expect(await history()).toBe(before)
    expect(await served()).toBe(200)

    // 3 s later NTP puts it right; the first pass (after the start delay) sees the step.
    mono += 3000
    wall = realNow + 3000
    mono += 300_000
    wall += 300_000
    await runtime.retention.run()
    expect(await history()).toBe(before)
    expect(await served()).toBe(200)
    expect(
      t.logs.some((line) => line.includes('retention: pass skipped, the wall clock stepped -31')),
    ).toBe(true)

    // An hour on, the clock has held steady: the pass runs and finds nothing old.
    mono += HOUR
    wall += HOUR
    await runtime.retention.run()
    expect(await history()).toBe(before)
    expect(await served()).toBe(200)
  })
})
