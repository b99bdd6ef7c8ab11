import type { HonoRequest } from 'hono'

/** Bodies over this size are refused with 413 before they are read whole. */
export const MAX_BODY_BYTES = 64 * 1024

export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; message: string }

const JSON_TYPE = /^application\/json\s*(;|$)/i
const decoder = new TextDecoder('utf-8', { fatal: true })

async function readLimited(request: Request): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    parts.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const part of parts) {
    body.set(part, offset)
    offset += part.length
  }
  return body
}

/**
 * Reads a JSON request body safely: the content type must be JSON, the body at most
 * 64 KB (counted as it streams, whatever Content-Length claims), valid UTF-8 and JSON.
 */
export async function readJsonBody(req: HonoRequest): Promise<JsonBody> {
  const type = req.header('content-type') ?? ''
  if (!JSON_TYPE.test(type)) {
    return { ok: false, status: 415, message: 'Content-Type must be application/json' }
  }
  const declared = Number(req.header('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) {
    return { ok: false, status: 413, message: `body is over ${MAX_BODY_BYTES / 1024} KB` }
  }
  let bytes: Uint8Array | undefined
  try {
    bytes = await readLimited(req.raw)
  } catch {
    return { ok: false, status: 400, message: 'body could not be read' }
  }
  if (!bytes) return { ok: false, status: 413, message: `body is over ${MAX_BODY_BYTES / 1024} KB` }
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    return { ok: false, status: 400, message: 'body is not valid UTF-8' }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : ''
    return { ok: false, status: 400, message: `body is not valid JSON${detail}` }
  }
}
