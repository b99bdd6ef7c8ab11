// Bytes on the wire per request, from the DevTools protocol's Network events: the total
// of a finished request (headers + body as transferred, i.e. compressed), and for one
// still open (the SSE stream) the headers and the data received so far.

type Transfer = { url: string; received: number; finished?: number }

export type WireEvent =
  | { type: 'request'; requestId: string; url: string }
  | { type: 'response'; requestId: string; headerBytes: number }
  | { type: 'data'; requestId: string; encodedDataLength: number }
  | { type: 'finished'; requestId: string; encodedDataLength: number }

export class WireBytes {
  readonly #transfers = new Map<string, Transfer>()

  record(event: WireEvent): void {
    if (event.type === 'request') {
      this.#transfers.set(event.requestId, { url: event.url, received: 0 })
      return
    }
    const transfer = this.#transfers.get(event.requestId)
    if (!transfer) return
    if (event.type === 'finished') transfer.finished = event.encodedDataLength
    else if (event.type === 'response') transfer.received += event.headerBytes
    else transfer.received += event.encodedDataLength
  }

  /** Bytes and request count of the requests whose URL `matches`. */
  total(matches: (url: string) => boolean): { bytes: number; requests: number } {
    let bytes = 0
    let requests = 0
    for (const transfer of this.#transfers.values()) {
      if (!matches(transfer.url)) continue
      requests += 1
      bytes += transfer.finished ?? transfer.received
    }
    return { bytes, requests }
  }
}
