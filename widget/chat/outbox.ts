import { isRecord, isString } from '../protocol/read'

/** A customer message not yet accepted by the backend (IndexedDB key "outbox"). */
export interface OutboxItem {
  /** The ClientId: retrying with the same id is safe, the backend forwards it once. */
  id: string
  text: string
  /** The page the customer was on when they wrote it (sender.url). */
  url?: string
  /** The invitation this message answers (sender.invite). */
  invite?: string
  at: number
  /** queued: will be (re)sent; failed: refused, waits for the customer's retry. */
  state: 'queued' | 'failed'
  error?: string
}

export function parseOutbox(value: unknown): OutboxItem[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item): OutboxItem[] => {
    if (
      !isRecord(item) ||
      !isString(item.id) ||
      !isString(item.text) ||
      typeof item.at !== 'number'
    )
      return []
    const parsed: OutboxItem = {
      id: item.id,
      text: item.text,
      at: item.at,
      state: item.state === 'failed' ? 'failed' : 'queued',
    }
    if (isString(item.url)) parsed.url = item.url
    if (isString(item.invite)) parsed.invite = item.invite
    if (isString(item.error)) parsed.error = item.error
    return [parsed]
  })
}

/** Union by id, keeping the order of first appearance (tabs merge each other's outboxes). */
export function mergeOutbox(mine: OutboxItem[], theirs: OutboxItem[]): OutboxItem[] {
  const ids = new Set(mine.map((item) => item.id))
  return [...mine, ...theirs.filter((item) => !ids.has(item.id))]
}
