import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { checkHost, FetchRefusedError, guardedLookup } from './fetch-guard'

/** Limits of one fetched page. */
export const PAGE_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 }

export type FetchedPage = { url: string; contentType: string; text: string }

export type FetchPageOptions = {
  allowedHosts: readonly string[]
  maxBytes?: number
  timeoutMs?: number
}

/**
 * GETs an http(s) page within PAGE_LIMITS (size, whole time, redirects), each hop's
 * address checked by fetch-guard.ts. Rejects with a reason people can read.
 */
export async function fetchPage(address: string, options: FetchPageOptions): Promise<FetchedPage> {
  const maxBytes = options.maxBytes ?? PAGE_LIMITS.maxBytes
  const timeoutMs = options.timeoutMs ?? PAGE_LIMITS.timeoutMs
  const deadline = AbortSignal.timeout(timeoutMs)
  let url = new URL(address)
  for (let hop = 0; hop <= PAGE_LIMITS.maxRedirects; hop++) {
    checkHost(url, options.allowedHosts)
    const response = await get(url, options.allowedHosts, deadline)
    const status = response.statusCode ?? 0
    const location = response.headers.location
    if (status >= 300 && status < 400 && location) {
      response.resume()
      url = new URL(location, url)
      continue
    }
    if (status < 200 || status >= 300) {
      response.resume()
      throw new FetchRefusedError(`answered HTTP ${status}`)
    }
    const text = await readLimited(response, maxBytes, deadline)
    return { url: url.href, contentType: String(response.headers['content-type'] ?? ''), text }
  }
  throw new FetchRefusedError(`more than ${PAGE_LIMITS.maxRedirects} redirects`)
}

function get(
  url: URL,
  allowedHosts: readonly string[],
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(allowedHosts),
        signal,
        headers: {
          'user-agent': 'Porthole help import',
          accept: 'text/html, application/xml, text/xml;q=0.9, */*;q=0.5',
        },
      },
      resolve,
    )
    req.on('error', (error) =>
      reject(signal.aborted ? new FetchRefusedError('took longer than the time allowed') : error),
    )
    req.end()
  })
}

function readLimited(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length'] ?? 0)
    if (declared > maxBytes) {
      response.destroy()
      return reject(new FetchRefusedError(`larger than ${maxBytes / 1024 / 1024} MB`))
    }
    const onAbort = () => {
      reject(new FetchRefusedError('took longer than the time allowed'))
      response.destroy()
    }
    signal.addEventListener('abort', onAbort, { once: true })
    response.on('close', () => signal.removeEventListener('abort', onAbort))
    const chunks: Buffer[] = []
    let size = 0
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        reject(new FetchRefusedError(`larger than ${maxBytes / 1024 / 1024} MB`))
        response.destroy()
      } else chunks.push(chunk)
    })
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    response.on('error', (error) =>
      reject(signal.aborted ? new FetchRefusedError('took longer than the time allowed') : error),
    )
    response.on('aborted', () => reject(new FetchRefusedError('the connection was cut')))
  })
}
