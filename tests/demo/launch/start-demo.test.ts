import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { isDemoStartError } from '../../../demo/launch/errors'
import { DEMO_PROVIDER_ID, type RunningDemo, startDemo } from '../../../demo/launch/start-demo'
import { createLogger } from '../../../server/logging/logger'
import { SessionResponse } from '../../../shared/widget-api'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function createDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-demo-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function start(
  dataDir: string,
  ports = { backendPort: 0, sandboxPort: 0 },
): Promise<RunningDemo> {
  const demo = await startDemo({
    ...ports,
    dataDir,
    timings: { deliveryIntervalMs: 50 },
    env: { STATUS_CACHE_SECONDS: '1' },
    logger: createLogger({ level: 'error', write: () => {} }),
  })
  cleanups.push(() => demo.close())
  return demo
}

async function postJson(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
}

const Status = z.object({ online: z.boolean() })

describe('startDemo', () => {
  it('wires the sandbox channel, the bot and the backend to each other', async () => {
    const demo = await start(createDataDir())
    const backend = demo.backend
    if (!backend) throw new Error('the backend did not start')
    const { service } = demo.sandbox
    const [channel] = service.listChannels()
    expect(channel?.name).toBe('Website')
    expect(channel?.deliveryUrl).toBe(
      `${backend.url}/hooks/${backend.config.webhookSecret}/${channel?.id}`,
    )
    expect(channel?.botProviderId).toBe(DEMO_PROVIDER_ID)
    expect(backend.config.channel.url).toBe(channel?.endpoint)
    expect(backend.config.bot).toEqual({
      token: service.listBotProviders()[0]?.token,
      providerId: DEMO_PROVIDER_ID,
      baseUrl: demo.sandbox.url,
    })
    expect(service.listBotProviders()[0]?.endpointUrl).toBe(`${backend.url}/bot`)
    expect(service.listAgents().map((agent) => [agent.name, agent.online])).toEqual([
      ['Anna', false],
      ['Boris', false],
    ])

    const page = await fetch(demo.siteUrl)
    expect(await page.text()).toContain('<script src="/widget.js" async></script>')
    expect(Status.parse(await (await fetch(`${backend.url}/api/status`)).json()).online).toBe(false)
    service.setAgentOnline('anna', true)
    await vi.waitFor(
      async () =>
        expect(Status.parse(await (await fetch(`${backend.url}/api/status`)).json()).online).toBe(
          true,
        ),
      { timeout: REAL_WORK_TIMEOUT_MS, interval: 200 },
    )
  })

  it('fits its streams to the open-file limit without warning at every start (issue 35, defect 12)', async () => {
    const lines: string[] = []
    const demo = await startDemo({
      backendPort: 0,
      sandboxPort: 0,
      dataDir: createDataDir(),
      openFileLimit: 1024,
      logger: createLogger({ level: 'warn', write: (line) => lines.push(line) }),
    })
    cleanups.push(() => demo.close())
    expect(demo.backend?.config.maxStreams).toBe(1024 - 256)
    expect(lines.filter((line) => line.includes('MAX_STREAMS'))).toEqual([])
  })

  it('keeps the channel, the secrets and the visitors across a restart, with agents offline again', async () => {
    const dataDir = createDataDir()
    const first = await start(dataDir)
    const session = SessionResponse.parse(
      await (await postJson(`${first.siteUrl}api/session`, {})).json(),
    )
    first.sandbox.service.setAgentOnline('anna', true)
    const sent = await postJson(
      `${first.siteUrl}api/messages`,
      { id: 'restart-test-1', type: 'text', text: 'Before the restart' },
      session.token,
    )
    expect(sent.status).toBe(200)
    await first.close()

    const second = await start(dataDir)
    expect(second.channel.id).toBe(first.channel.id)
    expect(second.channel.randomString).toBe(first.channel.randomString)
    expect(second.sandbox.service.listAgents().every((agent) => !agent.online)).toBe(true)
    const chats = second.sandbox.service.chats.list({ state: 'all' })
    expect(chats.some((chat) => chat.clientId === session.visitorId)).toBe(true)
    // The session secret survived: the visitor's token still opens the same visitor.
    const resumed = SessionResponse.parse(
      await (await postJson(`${second.siteUrl}api/session`, { token: session.token })).json(),
    )
    expect(resumed.visitorId).toBe(session.visitorId)
  })

  it('turns the settings studio on with a password generated once and kept for restarts', async () => {
    const dataDir = createDataDir()
    const first = await start(dataDir)
    expect(first.studioUrl).toBe(`${first.siteUrl}admin`)
    const password = first.newAdminPassword
    if (!password) throw new Error('no studio password was generated')
    const login = () =>
      fetch(`${first.siteUrl}admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.siteUrl.slice(0, -1) },
        body: JSON.stringify({ password }),
      })
    expect((await login()).status).toBe(200)
    await first.close()
    const second = await start(dataDir)
    // Printed once: the second start finds it in the data folder and does not show it again.
    expect(second.newAdminPassword).toBeUndefined()
    expect(second.backend?.config.admin?.password).toBe(password)
  })

  it('restarts the backend on the same port with the same data', async () => {
    const demo = await start(createDataDir())
    const port = demo.backend?.port
    const session = SessionResponse.parse(
      await (await postJson(`${demo.siteUrl}api/session`, {})).json(),
    )
    await demo.stopBackend()
    expect(demo.backend).toBeUndefined()
    await expect(fetch(demo.siteUrl)).rejects.toThrow()
    const again = await demo.startBackend()
    expect(again.port).toBe(port)
    const resumed = SessionResponse.parse(
      await (await postJson(`${demo.siteUrl}api/session`, { token: session.token })).json(),
    )
    expect(resumed.visitorId).toBe(session.visitorId)
  })

  it('names the busy port and frees the other one when a port is taken', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())))
    const address = blocker.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const dataDir = createDataDir()

    const error = await start(dataDir, { backendPort: address.port, sandboxPort: 0 }).catch(
      (e: unknown) => e,
    )
    expect(isDemoStartError(error)).toBe(true)
    expect(String(error)).toContain(
      `Port ${address.port} is already in use, so the backend cannot start`,
    )

    const sandboxBusy = await start(dataDir, { backendPort: 0, sandboxPort: address.port }).catch(
      (e: unknown) => e,
    )
    expect(String(sandboxBusy)).toContain(
      `Port ${address.port} is already in use, so the sandbox cannot start`,
    )
    // Nothing was left running: a full start on fresh ports works with the same data.
    const demo = await start(dataDir)
    expect((await fetch(demo.siteUrl)).status).toBe(200)
  })
})
