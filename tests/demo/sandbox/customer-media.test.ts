import { describe, expect, it } from 'vitest'
import { channelInput, createTestSandbox, endpointPath, postJson } from '../support/test-sandbox'

// Spec 2.4: media use the same message object and directions; 2.1 calls inbound types
// other than text "not yet supported". A channel's acceptsMedia picks which the sandbox
// plays, so an integrator's media path and its text fallback can both be tested.

const photo = {
  type: 'photo',
  id: 'm1',
  file: 'https://porthole.test/files/abc/cat.png',
  file_name: 'cat.png',
  file_size: 2048,
  thumb: 'https://porthole.test/files/abc/thumb',
  width: 640,
  height: 480,
}

function setup(acceptsMedia?: boolean) {
  const sandbox = createTestSandbox({ agents: [{ name: 'Anna', online: true }] })
  const channel = sandbox.service.createChannel(
    channelInput(acceptsMedia === undefined ? {} : { acceptsMedia }),
  )
  const send = (message: object) =>
    sandbox.app.request(
      endpointPath(channel.endpoint),
      postJson({ sender: { id: 'visitor-1' }, message }),
    )
  return { ...sandbox, channel, send }
}

describe('A2 customer media', () => {
  it('takes a photo and a document by default and shows them in the chat', async () => {
    const { service, send } = setup()
    expect((await send(photo)).status).toBe(200)
    const document = {
      type: 'document',
      file: 'https://porthole.test/files/def/price-list.pdf',
      file_name: 'price-list.pdf',
      file_size: 1_258_291,
    }
    expect((await send(document)).status).toBe(200)
    const [chat] = service.chats.list()
    expect(chat?.entries.map((entry) => entry.message)).toEqual([photo, document])
  })

  it('refuses media with 400 "message type is not supported" when the channel does not accept it; text still goes', async () => {
    const { service, send } = setup(false)
    const refused = await send(photo)
    expect(refused.status).toBe(400)
    expect(await refused.text()).toBe('message type is not supported: photo')
    expect(service.chats.list()).toEqual([])
    expect((await send({ type: 'text', text: 'Hello' })).status).toBe(200)
    expect((await send({ type: 'typein' })).status).toBe(200)
    const entry = service.traffic.query().find((item) => item.status === 400)
    expect(entry).toMatchObject({ interface: 'A2', ok: false })
  })

  it('is switched through the control API', async () => {
    const { app, channel, send } = setup()
    const patch = await app.request(`/console/api/channels/${channel.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ acceptsMedia: false }),
    })
    expect(patch.status).toBe(200)
    expect(await patch.json()).toMatchObject({ acceptsMedia: false })
    expect((await send(photo)).status).toBe(400)
  })
})
