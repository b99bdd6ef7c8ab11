// Bytes on the wire per request, from the DevTools protocol's Network events: the total
// of a finished request (headers + body as transferred, i.e. compressed), and for one
// still open (the SSE stream) the headers and the data received so far; the response
// headers' share on its own (HTTP/1.1 sends them uncompressed).

type Transfer = { url: string; received: number; headers: number; finished?: number }

/** Bytes of some requests, `headerBytes` of them their response headers. */
export type WireTotal = { bytes: number; requests: number; headerBytes: number }

export type WireEvent =
  | { type: 'request'; requestId: string; url: string }
  | { type: 'response'; requestId: string; headerBytes: number }
  | { type: 'data'; requestId: string; encodedDataLength: number }
  | { type: 'finished'; requestId: string; encodedDataLength: number }

export class WireBytes {
  readonly #transfers = new Map<string, Transfer>()

  record(event: WireEvent): void {
    if (event.type === 'request') {
      this.#transfers.set(event.requestId, { url: event.url, received: 0, headers: 0 })
      return
    }
    const transfer = this.#transfers.get(event.requestId)
    if (!transfer) return
    if (event.type === 'finished') transfer.finished = event.encodedDataLength
    else if (event.type === 'response') {
      transfer.received += event.headerBytes
      transfer.headers += event.headerBytes
    } else transfer.received += event.encodedDataLength
  }

  /** Bytes, request count and header bytes of the requests whose URL `matches`. */
  total(matches: (url: string) => boolean): WireTotal {
    let bytes = 0
    let requests = 0
    let headerBytes = 0
    for (const transfer of this.#transfers.values()) {
      if (!matches(transfer.url)) continue
      requests += 1
      bytes += transfer.finished ?? transfer.received
      headerBytes += transfer.headers
    }
    return { bytes, requests, headerBytes }
  }
}
