import { describe, expect, it } from 'vitest'
import { createRegistry } from '../../../../demo/sandbox/service/registry'

const registry = () => createRegistry(() => 'http://sandbox.test/')

describe('createRegistry', () => {
  it('replaces an updated agent instead of editing the object callers hold', () => {
    const agents = registry()
    const before = agents.addAgent({ name: 'Ann', online: false, photo: 'https://x.test/a.png' })
    const after = agents.updateAgent(before.id, { online: true })
    expect(before).toEqual({
      id: before.id,
      name: 'Ann',
      online: false,
      photo: 'https://x.test/a.png',
    })
    expect(after).toEqual({ ...before, online: true })
    expect(agents.agent(before.id)).toBe(after)
  })

  it('removes an agent photo on null and keeps it when the patch leaves it out', () => {
    const agents = registry()
    const ann = agents.addAgent({ name: 'Ann', photo: 'https://x.test/a.png' })
    expect(agents.updateAgent(ann.id, { name: 'Anna' }).photo).toBe('https://x.test/a.png')
    expect(agents.updateAgent(ann.id, { photo: null })).not.toHaveProperty('photo')
  })

  it('replaces an updated channel and clears its bot provider on null', () => {
    const channels = registry()
    channels.putBotProvider({ providerId: 'p1', endpointUrl: 'http://bot.test', token: 't' })
    const before = channels.addChannel({
      name: 'Site',
      webhookUrl: 'http://site.test/hook',
      botProviderId: 'p1',
    })
    const renamed = channels.updateChannel(before.id, { name: 'Shop', agents: ['Bob'] })
    expect(before.name).toBe('Site')
    expect(before.agentIds).not.toContain('bob')
    expect(renamed).toMatchObject({ name: 'Shop', botProviderId: 'p1' })
    expect(renamed.agentIds).toEqual([channels.ensureAgent('Bob').id])
    const cleared = channels.updateChannel(before.id, { botProviderId: null })
    expect(cleared).not.toHaveProperty('botProviderId')
    expect(renamed.botProviderId).toBe('p1')
    expect(channels.channel(before.id)).toBe(cleared)
  })

  it('names the endpoint on the public URL without a doubled slash', () => {
    const channels = registry()
    const channel = channels.addChannel({ name: 'Site', webhookUrl: 'http://site.test/hook/' })
    expect(channels.view(channel)).toMatchObject({
      endpoint: `http://sandbox.test/${channel.randomString}/${channel.id}`,
      deliveryUrl: `http://site.test/hook/${channel.id}`,
    })
  })
})
