import { describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../demo/sandbox/index'
import { PostMessageResponse } from '../../../shared/widget-api'
import { createInProcessSandbox } from '../support/in-process-sandbox'
import { stopAfterEach } from '../support/stop-after-each'
import { createClientId } from '../support/test-app'
import { createUploadTestApp, photoOf, sendFile, type UploadTestApp } from '../support/upload-app'
import { makeImage, makePdf } from '../support/upload-samples'

const sandboxes = stopAfterEach((sandbox: Sandbox) => sandbox.close())
const apps = stopAfterEach((t: UploadTestApp) => t.cleanup())

describe('an attachment sent with POST /api/messages (fake service)', () => {
  it('goes to the service as a spec 2.4 photo with file, name, size, thumb, width and height', async () => {
    const t = apps(await createUploadTestApp())
    const { token, visitorId } = await t.newVisitor()
    const file = await t.uploadOk(token, 'cat.png', 'image/png', await makeImage('png', 640, 480))
    const { id, res } = await sendFile(t, token, file.id, 'my cat')
    expect(res.status).toBe(200)
    const photo = {
      ...photoOf(file, { id, name: 'cat.png', width: 640, height: 480 }),
      text: 'my cat',
    }
    expect(t.service.messages()).toEqual([{ sender: { id: visitorId }, message: photo }])
    const body = PostMessageResponse.parse(await res.json())
    expect(body.delivery).toBe('sent')
    expect(body.entries).toHaveLength(1)
    expect(body.entries[0]).toMatchObject({ author: 'visitor', clientId: id, content: photo })
  })

  it('sends anything else as a document, and a repeated POST is not sent twice', async () => {
    const t = apps(await createUploadTestApp())
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'price-list.pdf', 'application/pdf', makePdf())
    const id = createClientId()
    for (let n = 0; n < 3; n += 1) {
      const res = await t.request('/api/messages', {
        token,
        body: { id, type: 'file', fileId: file.id },
      })
      expect(res.status).toBe(200)
    }
    expect(t.service.messages()).toEqual([
      {
        sender: expect.anything(),
        message: {
          type: 'document',
          id,
          file: file.url,
          file_name: 'price-list.pdf',
          file_size: file.size,
        },
      },
    ])
  })

  it('falls back to a text with name, size and link when the service refuses media (4xx), and says so in the log', async () => {
    const t = apps(await createUploadTestApp())
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'price-list.pdf', 'application/pdf', makePdf())
    t.service.queueMessageReplies({ status: 400, body: 'message type is not supported' })
    const { id, res } = await sendFile(t, token, file.id)
    expect(res.status).toBe(200)
    const body = PostMessageResponse.parse(await res.json())
    expect(body.delivery).toBe('sent')
    // The visitor's log keeps the attachment; the service got the text instead.
    expect(body.entries[0]?.content.type).toBe('document')
    const [media, text] = t.service.messages()
    expect(media).toMatchObject({ message: { type: 'document', id } })
    expect(text).toMatchObject({
      message: { type: 'text', id, text: `📎 price-list.pdf (${file.size} bytes): ${file.url}` },
    })
    expect(t.service.messages()).toHaveLength(2)
    expect(t.logs.some((line) => line.includes('the service refused an attachment'))).toBe(true)
  })

  it('keeps retrying the media while the service fails (5xx), then falls back once it refuses', async () => {
    const t = apps(await createUploadTestApp())
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'photo.jpg', 'image/jpeg', await makeImage('jpeg'))
    t.service.queueMessageReplies({ status: 503 })
    const { id, res } = await sendFile(t, token, file.id)
    expect(res.status).toBe(202)
    t.service.queueMessageReplies({ status: 415, body: 'unsupported' })
    const again = await t.request('/api/messages', {
      token,
      body: { id, type: 'file', fileId: file.id },
    })
    expect(again.status).toBe(200)
    const types = t.service.messages().map((m) => (m as { message: { type: string } }).message.type)
    expect(types).toEqual(['photo', 'photo', 'text'])
  })

  it('refuses a file id the visitor does not have (404), and sends nothing', async () => {
    const t = apps(await createUploadTestApp())
    const owner = await t.newVisitor()
    const other = await t.newVisitor()
    const file = await t.uploadOk(owner.token, 'a.pdf', 'application/pdf', makePdf())
    const { res } = await sendFile(t, other.token, file.id)
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('file_not_found')
    const malformed = await t.request('/api/messages', {
      token: owner.token,
      body: { id: createClientId(), type: 'file', fileId: 'not-an-id' },
    })
    expect(malformed.status).toBe(400)
    expect(t.service.messages()).toEqual([])
  })
})

describe('an attachment through the sandbox (A2 per spec 2.4)', () => {
  async function startWithSandbox(acceptsMedia: boolean) {
    const started = createInProcessSandbox({ acceptsMedia })
    sandboxes(started.sandbox)
    const t = apps(
      await createUploadTestApp(
        {},
        { fetch: started.fetch },
        { CHANNEL_URL: started.channel.endpoint },
      ),
    )
    return { box: started.sandbox, t }
  }

  it('reaches the agent as a photo when the channel accepts media', async () => {
    const { box, t } = await startWithSandbox(true)
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'cat.png', 'image/png', await makeImage('png'))
    const { res } = await sendFile(t, token, file.id)
    expect(res.status).toBe(200)
    const [chat] = box.service.consoleState().chats
    expect(chat?.entries.at(-1)?.message).toMatchObject({
      type: 'photo',
      file: file.url,
      file_name: 'cat.png',
      file_size: file.size,
      thumb: file.thumb,
      width: 64,
      height: 48,
    })
  })

  it('reaches the agent as a text with the link when the channel refuses media (400)', async () => {
    const { box, t } = await startWithSandbox(false)
    const { token } = await t.newVisitor()
    const file = await t.uploadOk(token, 'price-list.pdf', 'application/pdf', makePdf())
    const { res } = await sendFile(t, token, file.id)
    expect(res.status).toBe(200)
    expect(PostMessageResponse.parse(await res.json()).delivery).toBe('sent')
    const [chat] = box.service.consoleState().chats
    expect(chat?.entries.map((entry) => entry.message)).toEqual([
      {
        type: 'text',
        id: expect.any(String),
        text: `📎 price-list.pdf (${file.size} bytes): ${file.url}`,
      },
    ])
  })
})
