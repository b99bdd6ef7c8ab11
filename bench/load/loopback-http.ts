// The load generator's HTTP client: keep-alive sockets shared by the webhook and status
// requests (as the service and a fleet of browsers behind one proxy would reuse them).
import { Agent, request } from 'node:http'

export type TextResponse = { status: number; text: string }

export class LoopbackHttp {
  #agent = LoopbackHttp.#newAgent()

  static #newAgent(): Agent {
    return new Agent({ keepAlive: true, maxSockets: 64 })
  }

  /** Drops every socket (requests still waiting on them fail): after a phase left a backlog. */
  reset(): void {
    this.#agent.destroy()
    this.#agent = LoopbackHttp.#newAgent()
  }

  postJson(
    url: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<TextResponse> {
    return new Promise((resolve, reject) => {
      const data = Buffer.from(JSON.stringify(body))
      const req = request(
        url,
        {
          method: 'POST',
          agent: this.#agent,
          headers: {
            'content-type': 'application/json',
            'content-length': data.length,
            ...headers,
          },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            text += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        },
      )
      req.on('error', reject)
      req.end(data)
    })
  }

  /** GET, body discarded; resolves with the status code. */
  status(url: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(url, { agent: this.#agent }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
      req.end()
    })
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time; results in order. */
export async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  let next = 0
  const results: R[] = new Array(items.length)
  async function worker() {
    while (next < items.length) {
      const mine = next++
      results[mine] = await work(items[mine] as T, mine)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}
