import { describe, expect, it } from 'vitest'
import { channelInput, createTestSandbox, endpointPath } from '../support/test-sandbox'

describe('A1 channel status', () => {
  it('answers a bare 1 when an assigned agent is online and 0 when none is', async () => {
    const { app, service } = createTestSandbox()
    const channel = service.createChannel(channelInput({ agents: ['Anna', 'Boris'] }))
    const path = `${endpointPath(channel.endpoint)}/status`

    const offline = await app.request(path)
    expect(offline.status).toBe(200)
    expect(await offline.text()).toBe('0')

    service.setAgentOnline('boris', true)
    const online = await app.request(path)
    expect(await online.text()).toBe('1')
  })

  it('ignores agents who are online but not assigned to the channel', async () => {
    const { app, service } = createTestSandbox()
    service.addAgent({ name: 'Carla', online: true })
    const channel = service.createChannel(channelInput({ agents: ['Anna'] }))
    expect(await (await app.request(`${endpointPath(channel.endpoint)}/status`)).text()).toBe('0')
  })

  it('answers 0 when the chat was removed from the site, even with agents online', async () => {
    const { app, service } = createTestSandbox({ agents: [{ name: 'Anna', online: true }] })
    const channel = service.createChannel(channelInput())
    service.updateChannel(channel.id, { enabled: false })
    const response = await app.request(`${endpointPath(channel.endpoint)}/status`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('0')
  })

  it('answers 404 with no details for an unknown channel id or a wrong random string', async () => {
    const { app, service } = createTestSandbox()
    const channel = service.createChannel(channelInput())
    const wrongId = await app.request(`/${channel.randomString}/nosuchchannel/status`)
    const wrongRandom = await app.request(`/${'x'.repeat(32)}/${channel.id}/status`)
    for (const response of [wrongId, wrongRandom]) {
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Not Found')
    }
  })

  it('gives each channel an endpoint {base}/{random}/{id} with a random of 20+ URL-safe characters', () => {
    const { service } = createTestSandbox({ publicUrl: 'https://sandbox.example/' })
    const first = service.createChannel(channelInput())
    const second = service.createChannel(channelInput({ name: 'Shop' }))
    expect(first.endpoint).toBe(`https://sandbox.example/${first.randomString}/${first.id}`)
    expect(first.randomString).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(second.randomString).not.toBe(first.randomString)
    expect(second.id).not.toBe(first.id)
  })

  it('records every status query in the log', async () => {
    const { app, service } = createTestSandbox()
    const channel = service.createChannel(channelInput())
    await app.request(`${endpointPath(channel.endpoint)}/status`)
    await app.request(`/${channel.randomString}/unknown/status`)
    expect(service.traffic.query({ interface: 'A1' }).map((entry) => entry.status)).toEqual([
      200, 404,
    ])
  })
})
