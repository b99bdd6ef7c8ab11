import { describe, expect, it } from 'vitest'
import { createTestConfig } from '../../support/test-config'
import { stopAfterEach } from '../support/stop-after-each'
import { startTestServer, type TestServer } from '../support/test-server'

const started = stopAfterEach((server: TestServer) => server.close())

describe('graceful shutdown: draining', () => {
  it('answers /healthz 503 draining for SHUTDOWN_DRAIN_SECONDS while still serving, then stops', async () => {
    const config = createTestConfig({}, { SHUTDOWN_DRAIN_SECONDS: '1' })
    expect(config.shutdownDrainMs).toBe(1000)
    expect(createTestConfig().shutdownDrainMs).toBe(0)
    const server = started(await startTestServer({ config }))
    const { url } = server
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    const closing = server.close()
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ status: 'draining' })
    // Requests load balancers still send meanwhile are served as usual.
    const api = await fetch(`${url}/api/config`, { headers: { origin: 'https://shop.example' } })
    expect(api.status).toBe(200)
    await closing
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  })
})
