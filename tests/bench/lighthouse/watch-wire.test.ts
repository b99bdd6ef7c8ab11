import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { watchWire } from '../../../bench/lighthouse/watch-wire'

type Session = Parameters<typeof watchWire>[0]

describe('watchWire', () => {
  it('counts a finished request whole and an open stream by its headers and data so far', () => {
    const cdp = new EventEmitter()
    const wire = watchWire(cdp as unknown as Session)
    const send = (name: string, event: object) => cdp.emit(`Network.${name}`, event)
    send('requestWillBeSent', { requestId: '1', request: { url: 'https://w.test/widget.js' } })
    send('responseReceived', { requestId: '1', response: { encodedDataLength: 200 } })
    send('dataReceived', { requestId: '1', encodedDataLength: 900 })
    send('loadingFinished', { requestId: '1', encodedDataLength: 1150 })
    send('requestWillBeSent', { requestId: '2', request: { url: 'https://w.test/api/events' } })
    send('responseReceived', { requestId: '2', response: { encodedDataLength: 150 } })
    send('dataReceived', { requestId: '2', encodedDataLength: 40 })
    send('requestWillBeSent', { requestId: '3', request: { url: 'https://host.test/page' } })
    expect(wire.total((url) => url.startsWith('https://w.test/'))).toEqual({
      bytes: 1150 + 150 + 40,
      requests: 2,
      headerBytes: 350,
    })
  })

  it('throws on an event that is not the DevTools protocol’s shape', () => {
    const cdp = new EventEmitter()
    watchWire(cdp as unknown as Session)
    expect(() => cdp.emit('Network.dataReceived', { requestId: '1' })).toThrow()
  })
})
