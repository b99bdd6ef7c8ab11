import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { afterEach, describe, expect, it } from 'vitest'
import { createImageQueue } from '../../../server/uploads/image-queue'
import { createUploadTestApp, type UploadTestApp } from '../support/upload-app'
import { makeImage } from '../support/upload-samples'

let t: UploadTestApp | undefined
let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  await t?.cleanup()
  t = undefined
  close = undefined
})

/** Polls `check` every 10 ms: for events that take real work, with a generous limit. */
async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('an upload whose client disconnects, over a real socket', () => {
  it('takes its image out of the queue without processing it, and stores nothing', async () => {
    const queue = createImageQueue({ slots: 1 })
    t = await createUploadTestApp({}, { imageQueue: queue })
    const server = createAdaptorServer({ fetch: t.app.fetch })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    close = () => new Promise((resolve) => server.close(() => resolve()))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const { token } = await t.newVisitor()

    // Another visitor's image holds the only slot until the test lets it go.
    let release: () => void = () => {}
    const held = queue.run(
      'someone-else',
      () => new Promise<void>((resolve) => (release = resolve)),
    )

    const client = new AbortController()
    const upload = fetch(`${base}/api/uploads?name=cat.png`, {
      method: 'POST',
      headers: {
        origin: 'https://shop.example',
        authorization: `Bearer ${token}`,
        'content-type': 'image/png',
      },
      body: Uint8Array.from(await makeImage('png', 64, 48)),
      signal: client.signal,
    }).catch((error: unknown) => error)
    await until(() => queue.waiting() === 1, 'the upload waits for the slot')

    // The client leaves: the Node server aborts the request's signal.
    client.abort()
    await upload
    await until(() => queue.waiting() === 0, 'the image left the queue')
    expect(queue.running()).toBe(1)
    release()
    await held
    await until(
      () => t?.logs.some((line) => line.includes('"code":"upload_cancelled"')) ?? false,
      'the refusal is logged',
    )
    expect(await t.filesOnDisk()).toEqual([])
  })
})
