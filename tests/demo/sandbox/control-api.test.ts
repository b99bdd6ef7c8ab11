import { describe, expect, it } from 'vitest'
import {
  createTestSandbox,
  customerMessage,
  endpointPath,
  postJson,
  useReceivers,
} from '../support/test-sandbox'

const { receiver } = useReceivers()

function api(app: ReturnType<typeof createTestSandbox>['app']) {
  const call = async (method: string, path: string, body?: unknown) => {
    const init: RequestInit = body === undefined ? { method } : { ...postJson(body), method }
    const response = await app.request(`/console/api${path}`, init)
    return { status: response.status, body: await response.json() }
  }
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
  }
}

async function withHook() {
  const hook = await receiver()
  const sandbox = createTestSandbox()
  return { ...sandbox, hook, api: api(sandbox.app) }
}

/** A sandbox with Anna online and a channel "Shop" whose webhook is the receiver. */
async function withShop() {
  const sandbox = await withHook()
  await sandbox.api.post('/agents', { name: 'Anna', online: true })
  const channel = (
    await sandbox.api.post('/channels', {
      name: 'Shop',
      webhookUrl: `${sandbox.hook.url}/h`,
      agents: ['Anna'],
    })
  ).body
  return { ...sandbox, channel }
}

describe('control API', () => {
  it('creates a channel with its endpoint and lists, reads and updates it', async () => {
    const { api: control, hook } = await withHook()
    const created = await control.post('/channels', {
      name: 'Shop',
      webhookUrl: `${hook.url}/hooks/s`,
      chunked: true,
      agents: ['Anna', 'Boris'],
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'Shop',
      chunked: true,
      enabled: true,
      agentIds: ['anna', 'boris'],
      endpoint: expect.stringMatching(
        /^http:\/\/localhost:3100\/[A-Za-z0-9_-]{20,}\/[A-Za-z0-9]+$/,
      ),
      deliveryUrl: `${hook.url}/hooks/s/${created.body.id}`,
    })
    expect((await control.get('/channels')).body).toHaveLength(1)
    const disabled = await control.patch(`/channels/${created.body.id}`, {
      enabled: false,
      webhookUrl: 'https://example.com/h',
    })
    expect(disabled.body).toMatchObject({ enabled: false, webhookUrl: 'https://example.com/h' })
    expect((await control.get(`/channels/${created.body.id}`)).body.enabled).toBe(false)
  })

  it('refuses invalid channel settings with 400 naming the field', async () => {
    const { api: control } = await withHook()
    const response = await control.post('/channels', { name: 'Shop', webhookUrl: 'ftp://nope' })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      error: { code: 'invalid_request', message: 'webhookUrl: must be an http:// or https:// URL' },
    })
    const noBot = await control.post('/channels', {
      name: 'Shop',
      webhookUrl: 'https://e.com',
      botProviderId: 'ghost',
    })
    expect(noBot.body.error.message).toMatch(/^botProviderId: no bot provider ghost/)
  })

  it('registers bot providers and sets agents online and offline', async () => {
    const { api: control } = await withHook()
    const provider = await control.post('/bot-providers', {
      providerId: 'p1',
      endpointUrl: 'https://bot.example/in',
      token: 't0k',
    })
    expect(provider).toEqual({
      status: 201,
      body: { providerId: 'p1', endpointUrl: 'https://bot.example/in', token: 't0k', name: 'Bot' },
    })
    expect(
      (await control.post('/bot-providers', { providerId: 'p 1', endpointUrl: 'x', token: '' }))
        .status,
    ).toBe(400)
    const agent = await control.post('/agents', { name: 'Carla Díaz' })
    expect(agent.body).toEqual({ id: 'carla-diaz', name: 'Carla Díaz', online: false })
    expect((await control.post('/agents/carla-diaz/online', { online: true })).body.online).toBe(
      true,
    )
    expect((await control.patch('/agents/carla-diaz', { online: false })).body.online).toBe(false)
    expect((await control.post('/agents/nobody/online', { online: true })).status).toBe(404)
  })

  it('scripts a conversation: message in, join, reply (wait for the outcome), poll, close', async () => {
    const { api: control, app, hook, channel } = await withShop()
    await app.request(
      endpointPath(channel.endpoint),
      postJson(customerMessage({ sender: { id: 'v9' } })),
    )
    const [chat] = (await control.get('/chats?state=open')).body
    expect(chat).toMatchObject({ clientId: 'v9', state: 'queued', customer: { name: 'Jo Doe' } })

    expect((await control.post(`/chats/${chat.id}/join`, { agentId: 'anna' })).body.state).toBe(
      'active',
    )
    const waited = await control.post(`/chats/${chat.id}/messages`, {
      message: { type: 'text', text: 'Hi!' },
      wait: true,
    })
    expect(waited.status).toBe(200)
    expect(waited.body.entry).toMatchObject({
      author: 'agent',
      agentId: 'anna',
      delivery: { status: 'delivered' },
    })

    const queued = await control.post(`/chats/${chat.id}/messages`, {
      message: {
        type: 'photo',
        file: 'https://cdn.example/p.png',
        file_name: 'p.png',
        file_size: 10,
      },
    })
    expect(queued.status).toBe(202)
    expect(queued.body.entry.delivery.status).toBe('pending')
    let polled = queued.body.entry
    for (let turn = 0; turn < 200 && polled.delivery.status === 'pending'; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      polled = (await control.get(`/chats/${chat.id}/messages/${queued.body.entry.id}`)).body
    }
    expect(polled.delivery.status).toBe('delivered')

    const typing = await control.post(`/chats/${chat.id}/messages`, {
      message: { type: 'typein' },
      wait: true,
    })
    expect(typing.body).toMatchObject({ delivery: { status: 'delivered' } })

    expect((await control.post(`/chats/${chat.id}/close`)).body.state).toBe('closed')
    expect((await control.get('/chats?state=open')).body).toEqual([])
    expect((await control.get('/chats?state=closed')).body).toHaveLength(1)
    const late = await control.post(`/chats/${chat.id}/messages`, {
      message: { type: 'text', text: 'late' },
    })
    expect(late.status).toBe(409)
    expect(
      hook.received.map((request) => (request.json as { message: { type: string } }).message.type),
    ).toEqual(['text', 'photo', 'typein'])
  })

  it('replying accepts the chat for the agent', async () => {
    const { api: control, app, channel } = await withShop()
    await app.request(endpointPath(channel.endpoint), postJson(customerMessage()))
    const [chat] = (await control.get('/chats')).body
    await control.post(`/chats/${chat.id}/messages`, {
      message: { type: 'text', text: 'Hi' },
      wait: true,
    })
    const after = (await control.get(`/chats/${chat.id}`)).body
    expect(after).toMatchObject({ state: 'active', agentId: 'anna', unread: 0 })
    expect(after.entries.map((entry: { text?: string }) => entry.text).filter(Boolean)).toEqual([
      'Anna joined the chat',
    ])
  })

  it('refuses an agent message of an invalid type or with missing media fields', async () => {
    const { api: control, app, hook, channel } = await withShop()
    await app.request(endpointPath(channel.endpoint), postJson(customerMessage()))
    const [chat] = (await control.get('/chats')).body
    const noSize = await control.post(`/chats/${chat.id}/messages`, {
      message: { type: 'video', file: 'https://x.example/v.mp4', file_name: 'v.mp4' },
    })
    expect(noSize.status).toBe(400)
    expect(noSize.body.error.message).toMatch(/message\.file_size/)
    expect(
      (await control.post(`/chats/${chat.id}/messages`, { message: { type: 'gif' } })).status,
    ).toBe(400)
    expect(hook.received).toHaveLength(0)
  })

  it('reads the log of everything received and sent, by interface and since a seq', async () => {
    const { api: control, app, channel } = await withShop()
    await app.request(`${endpointPath(channel.endpoint)}/status`)
    await app.request(endpointPath(channel.endpoint), postJson(customerMessage()))
    const all = (await control.get('/log')).body
    expect(all.map((entry: { interface: string }) => entry.interface)).toEqual(['A1', 'A2'])
    expect(all[1]).toMatchObject({
      direction: 'in',
      status: 200,
      ok: true,
      request: customerMessage(),
    })
    expect((await control.get('/log?interface=A2')).body).toHaveLength(1)
    expect((await control.get(`/log?since=${all[0].seq}`)).body).toHaveLength(1)
    expect((await control.get('/log?interface=Z9')).status).toBe(400)
  })

  it('answers unknown chats and routes with 404 JSON errors', async () => {
    const { api: control } = await withHook()
    expect(await control.get('/chats/42')).toEqual({
      status: 404,
      body: {
        error: { code: 'not_found', message: 'No chat 42: list them at GET /console/api/chats' },
      },
    })
    expect((await control.get('/nothing-here')).status).toBe(404)
  })

  it('answers the whole state for the console', async () => {
    const { api: control } = await withHook()
    const state = (await control.get('/state')).body
    expect(Object.keys(state).sort()).toEqual([
      'agents',
      'botProviders',
      'channels',
      'chats',
      'mail',
      'mailbox',
      'publicUrl',
      'timings',
    ])
    // An in-process sandbox runs no SMTP server and has nowhere to send replies.
    expect(state.mailbox).toEqual({ down: false, canReply: false })
    expect(state.timings).toMatchObject({ deliveryIntervalMs: 20, deliveryAttempts: 3 })
  })
})

describe('traffic log limits', () => {
  it('keeps big request bodies cut, so a flood cannot grow memory without bound', async () => {
    const { service } = createTestSandbox({ trafficLimit: 2 })
    const big = { text: 'x'.repeat(40_000) }
    const record = (target: string, request?: unknown) =>
      service.traffic.record({
        interface: 'A2',
        direction: 'in',
        method: 'POST',
        target,
        ok: true,
        ...(request === undefined ? {} : { request }),
      })
    record('/a', big)
    record('/b', { small: true })
    record('/c')
    const entries = service.traffic.query()
    expect(entries.map((entry) => entry.target)).toEqual(['/b', '/c'])
    expect(entries[0]?.request).toEqual({ small: true })
    const first = createTestSandbox().service.traffic.record({
      interface: 'A2',
      direction: 'in',
      method: 'POST',
      target: '/a',
      ok: true,
      request: big,
    })
    expect(first.request).toMatch(
      new RegExp(`… \\(${JSON.stringify(big).length} characters, cut for the log\\)$`),
    )
    expect(String(first.request).length).toBeLessThan(17_000)
  })
})
