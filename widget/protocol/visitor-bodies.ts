import { isRecord, isString } from './read'

/** DELETE /api/visitor's answer: what was erased (counts by kind) and when. */
export interface ErasureReceipt {
  erased: Record<string, number>
  /** ISO 8601. */
  at: string
}

/** Reads DELETE /api/visitor's receipt; undefined when it is not one. */
export function parseErasureReceipt(body: unknown): ErasureReceipt | undefined {
  if (!isRecord(body) || !isRecord(body.erased) || !isString(body.at)) return undefined
  const erased: Record<string, number> = {}
  for (const [kind, count] of Object.entries(body.erased)) {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined
    erased[kind] = count
  }
  return { erased, at: body.at }
}

/** One message of GET /api/visitor/export, as the downloaded text file shows it. */
export interface ExportedMessage {
  from: string
  text: string
  /** Milliseconds or an ISO 8601 time, as the backend wrote it. */
  at: number | string | undefined
  files: { name: string; url?: string }[]
}

/** The messages of an export, oldest first as given; what is not a message is skipped. */
export function exportedMessages(body: unknown): ExportedMessage[] {
  const list = isRecord(body) && Array.isArray(body.messages) ? body.messages : []
  return list.filter(isRecord).map((message) => ({
    from: isString(message.from) ? message.from : '',
    text: isString(message.text) ? message.text : '',
    at: typeof message.at === 'number' || isString(message.at) ? message.at : undefined,
    files: (Array.isArray(message.files) ? message.files : [])
      .filter(isRecord)
      .filter((file) => isString(file.name))
      .map((file) => ({
        name: String(file.name),
        ...(isString(file.url) ? { url: file.url } : {}),
      })),
  }))
}
