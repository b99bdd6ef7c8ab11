import { describe, expect, it } from 'vitest'
import { silentLogger } from '../../server/logging/logger'
import { startServer } from '../../server/start'
import { createMemoryStore } from '../../server/store/memory-store'
import { createTestConfig, createTestSettings } from '../support/test-config'
import { createEntry, createVisitorId } from './support/conformance'
import { stopAfterEach } from './support/stop-after-each'
import { startTestServer, type TestServer } from './support/test-server'

const started = stopAfterEach((server: TestServer) => server.close())

describe('startServer', () => {
  it('listens on a free port and stops accepting connections on close()', async () => {
    const server = started(await startTestServer())
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    await server.close()
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  })

  it('makes close() idempotent', async () => {
    const server = started(await startTestServer())
    await Promise.all([server.close(), server.close()])
    await server.close()
  })

  it('closes a store it opened, but not one the caller owns', async () => {
    const owned = createMemoryStore()
    const borrowing = started(await startTestServer({ store: owned }))
    await borrowing.close()
    await expect(owned.append(createVisitorId(), createEntry())).resolves.toMatchObject({
      duplicate: false,
    })
    const owning = started(await startTestServer())
    const opened = owning.store
    await owning.close()
    await expect(opened.ping()).rejects.toThrow(/closed/)
  })

  it('fails with the listen error when the port is taken, closing the store it opened', async () => {
    const server = started(await startTestServer())
    const error = await startServer({
      config: createTestConfig(),
      settings: createTestSettings(),
      port: server.port,
      host: '127.0.0.1',
      logger: silentLogger,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'EADDRINUSE' })
  })
})
