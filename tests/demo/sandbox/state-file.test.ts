import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../support/temp-dirs'
import {
  channelInput,
  createTestSandbox,
  customerMessage,
  endpointPath,
  postJson,
} from '../support/test-sandbox'

const tempDir = useTempDirs('porthole-sandbox-')

function stateFile(): string {
  const dir = tempDir()
  return join(dir, 'nested', 'sandbox.json')
}

describe('state file', () => {
  it('keeps the channel endpoint, agents, providers and chats across a restart', async () => {
    const file = stateFile()
    const first = createTestSandbox({
      stateFile: file,
      agents: [{ name: 'Anna', online: true }],
      channels: [channelInput({ name: 'Website' })],
    })
    const channel = first.service.listChannels()[0]
    first.service.registerBotProvider({
      providerId: 'p',
      endpointUrl: 'https://bot.example',
      token: 't',
    })
    await first.app.request(endpointPath(channel?.endpoint ?? ''), postJson(customerMessage()))
    first.close()

    const second = createTestSandbox({
      stateFile: file,
      channels: [channelInput({ name: 'Website' })],
    })
    expect(second.service.listChannels()).toEqual([channel])
    expect(second.service.listAgents()).toEqual([{ id: 'anna', name: 'Anna', online: true }])
    expect(second.service.listBotProviders().map((provider) => provider.providerId)).toEqual(['p'])
    expect(second.service.chats.list()).toHaveLength(1)
    const status = await second.app.request(`${endpointPath(channel?.endpoint ?? '')}/status`)
    expect(await status.text()).toBe('1')
    // A new chat continues the numbering instead of reusing an id.
    await second.app.request(
      endpointPath(channel?.endpoint ?? ''),
      postJson(customerMessage({ sender: { id: 'other' } })),
    )
    const ids = second.service.chats.list().map((chat) => chat.id)
    expect(new Set(ids).size).toBe(2)
    second.close()
    const third = createTestSandbox({ stateFile: file })
    expect(third.service.chats.list()).toHaveLength(2)
    third.close()
  })

  it('writes atomically: valid JSON and no temp file left behind', () => {
    const file = stateFile()
    const sandbox = createTestSandbox({ stateFile: file, channels: [channelInput()] })
    sandbox.service.addAgent({ name: 'Boris' })
    sandbox.close()
    const saved = JSON.parse(readFileSync(file, 'utf8'))
    expect(saved.version).toBe(1)
    expect(saved.agents.map((agent: { name: string }) => agent.name)).toEqual(['Anna', 'Boris'])
    expect(readdirSync(join(file, '..'))).toEqual(['sandbox.json'])
  })

  it('marks deliveries that were under way as failed after a restart', () => {
    const file = stateFile()
    const sandbox = createTestSandbox({
      stateFile: file,
      agents: [{ name: 'Anna', online: true }],
      channels: [channelInput()],
    })
    const channel = sandbox.service.listChannels()[0]
    const chat = sandbox.service.chats.open(sandbox.service.registry.channel(channel?.id ?? ''), {
      id: 'v',
    })
    sandbox.service.chats.add(chat.id, {
      author: 'agent',
      name: 'Anna',
      message: { type: 'text', text: 'hi' },
      delivery: { status: 'pending', attempts: [] },
    })
    sandbox.close()
    const restarted = createTestSandbox({ stateFile: file })
    const delivery = restarted.service.chats.get(chat.id).entries[0]?.delivery
    expect(delivery?.status).toBe('failed')
    expect(delivery?.error).toMatch(/send the message again/)
    restarted.close()
  })

  it('refuses a corrupt state file with a message that says what to do', () => {
    const file = stateFile()
    createTestSandbox({ stateFile: file }).close()
    writeFileSync(file, '{"version":1,')
    expect(() => createTestSandbox({ stateFile: file })).toThrow(/is not valid JSON .*delete it/)
    writeFileSync(file, '{"version":2}')
    expect(() => createTestSandbox({ stateFile: file })).toThrow(
      /does not hold a sandbox state .*delete it/,
    )
  })
})
