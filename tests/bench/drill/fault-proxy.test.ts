import { createServer, type Server } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  completeRequestLength,
  type FaultProxy,
  startFaultProxy,
} from '../../../bench/drill/fault-proxy'

// The proxy the drill puts in front of the service: up forwards, down refuses
// connections, 503 answers every request, and it comes back on the same port.

let target: Server
let proxy: FaultProxy
let hits = 0

beforeEach(async () => {
  hits = 0
  target = createServer((req, res) => {
    hits += 1
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => res.end(`echo ${body}`))
  })
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  const address = target.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  proxy = await startFaultProxy(address.port)
})

afterEach(async () => {
  await proxy.close()
  await new Promise<void>((resolve) => target.close(() => resolve()))
})

const post = (body: string) =>
  fetch(`http://127.0.0.1:${proxy.port}/a2`, {
    method: 'POST',
    body,
    signal: AbortSignal.timeout(5000),
  })

describe('fault proxy', () => {
  it('forwards while up, refuses connections while down, answers 503 in 503 mode, and recovers', async () => {
    expect(await (await post('one')).text()).toBe('echo one')

    await proxy.set('down')
    const refused = await post('two').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Error)
    expect(String((refused as Error & { cause?: { code?: string } }).cause?.code)).toBe(
      'ECONNREFUSED',
    )

    await proxy.set('503')
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(`x${i}`)))
    expect(answers.map((response) => response.status)).toEqual(Array(20).fill(503))
    expect(proxy.refused503()).toBe(20)

    await proxy.set('up')
    expect(await (await post('three')).text()).toBe('echo three')
    expect(hits).toBe(2)
  })

  it('knows when a request is whole: content-length and chunked bodies', () => {
    const head = 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\n\r\n'
    expect(completeRequestLength(Buffer.from(`${head}abc`))).toBe(-1)
    expect(completeRequestLength(Buffer.from(`${head}abcde`))).toBe(head.length + 5)
    const chunked = 'POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n'
    expect(completeRequestLength(Buffer.from(chunked))).toBe(-1)
    expect(completeRequestLength(Buffer.from(`${chunked}0\r\n\r\n`))).toBe(chunked.length + 5)
    expect(completeRequestLength(Buffer.from('GET / HTTP/1.1\r\nhost: x\r\n\r\n'))).toBe(27)
  })
})
