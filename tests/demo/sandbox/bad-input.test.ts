import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../demo/sandbox/index'
import { channelInput, customerMessage, FAST } from '../support/test-sandbox'

type Running = Awaited<ReturnType<typeof startSandbox>>
const running: Running[] = []
afterEach(async () => {
  for (const sandbox of running.splice(0)) await sandbox.close()
})

async function start() {
  const sandbox = await startSandbox({
    port: 0,
    timings: FAST,
    consoleDir: '/nonexistent',
    agents: [{ name: 'Anna', online: true }],
  })
  running.push(sandbox)
  const channel = sandbox.service.createChannel(channelInput())
  return { sandbox, channel }
}

/** A raw POST, so the test controls framing and headers exactly. */
function rawPost(url: string, body: Buffer | string, headers: Record<string, string>, chunks = 1) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (part: string) => {
        text += part
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    const data = Buffer.from(body)
    const size = Math.ceil(data.length / chunks)
    for (let start = 0; start < data.length; start += size)
      req.write(data.subarray(start, start + size))
    req.end()
  })
}

describe('bad input on a real socket', () => {
  it('refuses a chunked body over 64 KB with 413, whatever it claims', async () => {
    const { channel } = await start()
    const huge = JSON.stringify(customerMessage({ message: { text: 'x'.repeat(100_000) } }))
    const response = await rawPost(
      channel.endpoint,
      huge,
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      10,
    )
    expect(response.status).toBe(413)
    expect(response.body).toBe('body is over 64 KB')
  })

  it('refuses a declared Content-Length over 64 KB with 413', async () => {
    const { channel } = await start()
    const huge = JSON.stringify(customerMessage({ message: { text: 'x'.repeat(70_000) } }))
    const response = await rawPost(channel.endpoint, huge, {
      'content-type': 'application/json',
      'content-length': String(huge.length),
    })
    expect(response.status).toBe(413)
  })

  it('answers malformed JSON, wrong content types and bad UTF-8 with 4xx text and keeps serving', async () => {
    const { sandbox, channel } = await start()
    const cases: Array<[Buffer | string, Record<string, string>, number, RegExp]> = [
      ['{"sender":', { 'content-type': 'application/json' }, 400, /^body is not valid JSON/],
      [
        'sender=1',
        { 'content-type': 'application/x-www-form-urlencoded' },
        415,
        /^Content-Type must be application\/json$/,
      ],
      ['{}', {}, 415, /Content-Type/],
      [
        Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
        { 'content-type': 'application/json' },
        400,
        /^body is not valid UTF-8$/,
      ],
      ['[1,2,3]', { 'content-type': 'application/json' }, 400, /^invalid customer message: body:/],
      [
        'null',
        { 'content-type': 'application/json; charset=utf-8' },
        400,
        /^invalid customer message/,
      ],
      ['', { 'content-type': 'application/json' }, 400, /^body is not valid JSON/],
    ]
    for (const [body, headers, status, message] of cases) {
      const response = await rawPost(channel.endpoint, body, headers)
      expect(response.status, String(body)).toBe(status)
      expect(response.body).toMatch(message)
    }
    const ok = await rawPost(channel.endpoint, JSON.stringify(customerMessage()), {
      'content-type': 'application/json; charset=utf-8',
    })
    expect(ok.status).toBe(200)
    expect(sandbox.service.chats.list()).toHaveLength(1)
  })

  it('reveals nothing for unknown channels, wrong random strings or wrong tokens', async () => {
    const { sandbox, channel } = await start()
    const base = sandbox.url
    for (const path of [
      `/${channel.randomString}/unknown`,
      `/${'z'.repeat(32)}/${channel.id}`,
      `/${channel.randomString.slice(1)}/${channel.id}`,
    ]) {
      const response = await rawPost(`${base}${path}`, JSON.stringify(customerMessage()), {
        'content-type': 'application/json',
      })
      expect(response).toEqual({ status: 404, body: 'Not Found' })
    }
    sandbox.service.registerBotProvider({
      providerId: 'p',
      endpointUrl: 'http://127.0.0.1:9/b',
      token: 'secret-token',
    })
    const wrongToken = await rawPost(`${base}/webhooks/p/guess`, '{}', {
      'content-type': 'application/json',
    })
    expect(wrongToken.status).toBe(401)
    expect(JSON.parse(wrongToken.body)).toEqual({
      error: {
        code: 'invalid_client',
        message: 'The token does not match the bot channel settings',
      },
    })
    expect(wrongToken.body).not.toContain('secret-token')
  })
})
