// What happened to each webhook of a phase: when it was sent, whether the server
// acknowledged it ("ok": from then on it owes the delivery), when it reached a stream,
// and whether it reached one twice.

const MARK = /bench#(\d+)#/

/** The text a webhook carries, so its SSE event can be matched back to its send time. */
export const benchText = (seq: number) => `bench#${seq}# reply`

export class DeliveryTally {
  readonly #sentAt = new Map<number, number>()
  readonly #latency = new Map<number, number>()
  readonly #acked = new Set<number>()
  #duplicates = 0

  sent(seq: number, at: number): void {
    this.#sentAt.set(seq, at)
  }

  acknowledged(seq: number): void {
    this.#acked.add(seq)
  }

  /** One SSE event's data arrived at `at` (same clock as `sent`). */
  received(data: string, at: number): void {
    const match = MARK.exec(data)
    if (!match) return
    const seq = Number(match[1])
    const start = this.#sentAt.get(seq)
    if (start === undefined) return
    if (this.#latency.has(seq)) this.#duplicates += 1
    else this.#latency.set(seq, at - start)
  }

  get ackedCount(): number {
    return this.#acked.size
  }

  get deliveredCount(): number {
    return this.#latency.size
  }

  get duplicates(): number {
    return this.#duplicates
  }

  /** Acknowledged webhooks that have not reached a stream (yet). */
  lost(): number {
    let lost = 0
    for (const seq of this.#acked) if (!this.#latency.has(seq)) lost += 1
    return lost
  }

  /** Delivery latencies in ms, ascending. */
  latencies(): number[] {
    return [...this.#latency.values()].sort((a, b) => a - b)
  }
}
