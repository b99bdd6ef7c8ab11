import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { asHostName, hostNameOf } from '../../../demo/sandbox/http/host-check'
import { type RunningSandbox, startSandbox } from '../../../demo/sandbox/index'
import {
  channelInput,
  createTestSandbox,
  customerMessage,
  endpointPath,
  FAST,
  postJson,
} from '../support/test-sandbox'

/** A request with exactly this Host header (fetch would set its own). */
function withHost(url: string, host: string, method = 'GET') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method, headers: { host } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (part: string) => {
        body += part
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('hostNameOf', () => {
  it.each(
    Object.entries({
      'localhost:3100': 'localhost',
      LOCALHOST: 'localhost',
      '127.0.0.1:80': '127.0.0.1',
      '[::1]:3100': '[::1]',
      '[0:0:0:0:0:0:0:1]': '[::1]',
    }),
  )('reads the name of the Host header %s, without the port, lower-cased: %s', (header, name) => {
    expect(hostNameOf(header)).toBe(name)
  })

  it('writes a name as a Host header carries it', () => {
    expect(asHostName('::1')).toBe('[::1]')
    expect(asHostName('Sandbox.Example')).toBe('sandbox.example')
  })

  it('refuses anything that is not a name and a port', () => {
    for (const bad of ['', 'a b', 'localhost/x', 'user@localhost', 'localhost?x', 'x:99999'])
      expect(hostNameOf(bad), bad).toBeUndefined()
  })
})

describe('the sandbox answers only to its own names (DNS rebinding)', () => {
  it('refuses the control API, the console, the channel endpoints and the bot interface for another Host', async () => {
    const { app, service } = createTestSandbox({ channels: [channelInput()] })
    const channel = service.listChannels()[0]
    const endpoint = endpointPath(channel?.endpoint ?? '')
    const evil = { host: 'attacker.example' }
    const paths: [string, RequestInit][] = [
      ['/console/api/channels', { headers: evil }],
      ['/console/api/agents', { method: 'POST', ...postJson({ name: 'Mallory' }, evil) }],
      ['/', { headers: evil }],
      [`${endpoint}/status`, { headers: evil }],
      [endpoint, postJson(customerMessage(), evil)],
      ['/webhooks/p/t', postJson({}, evil)],
    ]
    for (const [path, init] of paths) {
      const res = await app.request(path, init)
      expect(res.status, path).toBe(403)
      const text = await res.text()
      expect(text, path).toMatch(/only requests addressed to its own names/)
      expect(text, path).toContain('SANDBOX_PUBLIC_URL')
      expect(text, path).not.toContain(channel?.randomString ?? '?')
    }
    // Nothing was changed or recorded.
    expect(service.listAgents().map((agent) => agent.name)).not.toContain('Mallory')
    expect(service.traffic.query({})).toEqual([])
  })

  it.each(['localhost', 'localhost:3100', 'LocalHost:3100', '127.0.0.1:3100', '[::1]:3100'])(
    'answers Host %s',
    async (host) => {
      const { app } = createTestSandbox()
      const res = await app.request('/console/api/channels', { headers: { host } })
      expect(res.status).toBe(200)
    },
  )

  it.each([
    'localhost.attacker.example',
    'attacker.example:3100',
    '127.0.0.1.nip.io',
    '127.0.0.2',
    'sandbox.example.evil',
  ])('refuses Host %s', async (host) => {
    const { app } = createTestSandbox({ publicUrl: 'http://sandbox.example:3100' })
    const res = await app.request('/console/api/channels', { headers: { host } })
    expect(res.status).toBe(403)
  })

  it("answers the public URL's host and the names in allowedHosts", async () => {
    const { app } = createTestSandbox({
      publicUrl: 'http://Sandbox.Example:3100',
      allowedHosts: ['devbox.lan', '::2'],
    })
    for (const host of ['sandbox.example:3100', 'devbox.lan', '[::2]:3100'])
      expect((await app.request('/console/api/channels', { headers: { host } })).status, host).toBe(
        200,
      )
  })

  describe('on a real socket', () => {
    let sandbox: RunningSandbox | undefined
    afterEach(async () => {
      await sandbox?.close()
      sandbox = undefined
    })

    it('refuses a rebinding page and answers its listen address', async () => {
      sandbox = await startSandbox({ port: 0, timings: FAST, consoleDir: '/nonexistent' })
      const url = `${sandbox.url}/console/api/channels`
      expect((await withHost(url, `attacker.example:${sandbox.port}`)).status).toBe(403)
      expect((await withHost(url, `127.0.0.1:${sandbox.port}`)).status).toBe(200)
      expect((await withHost(url, `localhost:${sandbox.port}`)).status).toBe(200)
      expect((await fetch(url)).status).toBe(200)
    })

    it('honours SANDBOX_PUBLIC_URL (publicUrl) for its own name', async () => {
      sandbox = await startSandbox({
        port: 0,
        timings: FAST,
        consoleDir: '/nonexistent',
        publicUrl: 'http://sandbox.internal:3100',
      })
      const url = `${sandbox.url}/console/api/channels`
      expect((await withHost(url, 'sandbox.internal:3100')).status).toBe(200)
      expect((await withHost(url, 'other.internal:3100')).status).toBe(403)
    })
  })
})
