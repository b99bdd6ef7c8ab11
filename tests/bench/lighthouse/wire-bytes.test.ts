import { describe, expect, it } from 'vitest'
import { WireBytes } from '../../../bench/lighthouse/wire-bytes'

const ofWidget = (url: string) => url.startsWith('http://w/')

describe('WireBytes', () => {
  it("takes a finished request's total, headers and compressed body together", () => {
    const wire = new WireBytes()
    wire.record({ type: 'request', requestId: '1', url: 'http://w/widget.js' })
    wire.record({ type: 'response', requestId: '1', headerBytes: 300 })
    wire.record({ type: 'data', requestId: '1', encodedDataLength: 2000 })
    wire.record({ type: 'finished', requestId: '1', encodedDataLength: 2350 })
    expect(wire.total(ofWidget)).toEqual({ bytes: 2350, requests: 1, headerBytes: 300 })
  })

  it('counts a request still open (the SSE stream) by what arrived so far', () => {
    const wire = new WireBytes()
    wire.record({ type: 'request', requestId: 's', url: 'http://w/api/events' })
    wire.record({ type: 'response', requestId: 's', headerBytes: 250 })
    wire.record({ type: 'data', requestId: 's', encodedDataLength: 40 })
    wire.record({ type: 'data', requestId: 's', encodedDataLength: 25 })
    expect(wire.total(ofWidget)).toEqual({ bytes: 315, requests: 1, headerBytes: 250 })
  })

  it("leaves out the page's own requests and events of requests it never saw", () => {
    const wire = new WireBytes()
    wire.record({ type: 'request', requestId: 'p', url: 'http://page/hero.jpg' })
    wire.record({ type: 'finished', requestId: 'p', encodedDataLength: 13_000 })
    wire.record({ type: 'finished', requestId: 'unknown', encodedDataLength: 99 })
    wire.record({ type: 'request', requestId: 'w', url: 'http://w/api/config' })
    wire.record({ type: 'finished', requestId: 'w', encodedDataLength: 400 })
    expect(wire.total(ofWidget)).toEqual({ bytes: 400, requests: 1, headerBytes: 0 })
  })
})
