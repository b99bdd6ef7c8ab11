import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { startTestServer, type TestServer } from '../support/test-server'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Posts `body` in chunked encoding, `parts` chunks with pauses between them. */
function postChunked(
  url: string,
  body: string,
  parts: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    const size = Math.ceil(body.length / parts)
    void (async () => {
      for (let i = 0; i < body.length; i += size) {
        req.write(body.slice(i, i + size))
        await pause(30)
      }
      req.end()
    })()
  })
}

describe('A3 over a real socket', () => {
  it('reads a chunked body split across several chunks with pauses', async () => {
    server = await startTestServer()
    const message = createAgentMessage({
      recipientId: 'visitor-chunked',
      message: { text: 'Hello ünïcödé 👋 '.repeat(20) },
    })
    const reply = await postChunked(
      `${server.url}/hooks/${TEST_WEBHOOK_SECRET}/chan42`,
      JSON.stringify(message),
      7,
    )
    expect(reply).toEqual({ status: 200, body: '{"result":"ok"}' })
    const [entry] = await server.store.readAfter('visitor-chunked', undefined, 10)
    expect(entry?.content).toEqual(message.message)
  })

  it('reads a Content-Length body', async () => {
    server = await startTestServer()
    const res = await fetch(`${server.url}/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(createAgentMessage({ recipientId: 'visitor-cl' })),
    })
    expect(await res.json()).toEqual({ result: 'ok' })
    expect(await server.store.readAfter('visitor-cl', undefined, 10)).toHaveLength(1)
  })

  it('answers 413 to a chunked body over 64 KB', async () => {
    server = await startTestServer()
    const body = JSON.stringify(createAgentMessage({ message: { text: 'y'.repeat(80_000) } }))
    const reply = await postChunked(`${server.url}/hooks/${TEST_WEBHOOK_SECRET}/chan42`, body, 4)
    expect(reply.status).toBe(413)
  })
})
