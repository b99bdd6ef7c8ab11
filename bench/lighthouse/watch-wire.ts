// The Network events of a page's DevTools session, recorded as they come into a
// WireBytes: what the first-open measure and the tap measures count.
import type { BrowserContext } from 'playwright-core'
import { z } from 'zod'
import { WireBytes } from './wire-bytes'

const RequestWillBeSent = z.object({
  requestId: z.string(),
  request: z.object({ url: z.string() }),
})
const ResponseReceived = z.object({
  requestId: z.string(),
  response: z.object({ encodedDataLength: z.number() }),
})
const Received = z.object({ requestId: z.string(), encodedDataLength: z.number() })

/** A WireBytes fed by `cdp`'s Network events (enable the Network domain once it is set up). */
export function watchWire(cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>>): WireBytes {
  const wire = new WireBytes()
  cdp.on('Network.requestWillBeSent', (event) => {
    const { requestId, request } = RequestWillBeSent.parse(event)
    wire.record({ type: 'request', requestId, url: request.url })
  })
  cdp.on('Network.responseReceived', (event) => {
    const { requestId, response } = ResponseReceived.parse(event)
    wire.record({ type: 'response', requestId, headerBytes: response.encodedDataLength })
  })
  cdp.on('Network.dataReceived', (event) => wire.record({ type: 'data', ...Received.parse(event) }))
  cdp.on('Network.loadingFinished', (event) =>
    wire.record({ type: 'finished', ...Received.parse(event) }),
  )
  return wire
}
