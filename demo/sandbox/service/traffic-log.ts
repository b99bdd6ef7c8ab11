import type { AttemptOutcome } from '../delivery/attempts'

// Everything the service received and sent, in order, so tests can assert on the wire
// traffic of both interfaces and people can see what happened.

export const INTERFACES = ['A1', 'A2', 'A3', 'B1', 'B2'] as const
export type Interface = (typeof INTERFACES)[number]

export type TrafficEntry = {
  seq: number
  at: number
  interface: Interface
  /** in: the service received it; out: the service sent it. */
  direction: 'in' | 'out'
  method: string
  /** The path received, or the URL posted to. */
  target: string
  /** HTTP status answered (in) or received (out); absent when no answer came. */
  status?: number
  ok: boolean
  error?: string
  request?: unknown
  response?: string
  chatId?: string
  attempt?: number
}

export type TrafficRecord = Omit<TrafficEntry, 'seq' | 'at'>

/** One attempt of a request the service sent (A3 to the integrator, B2 to a bot provider). */
export function sentAttempt(
  sent: { interface: 'A3' | 'B2'; url: string; request: unknown; chatId: string },
  attempt: number,
  outcome: AttemptOutcome,
): TrafficRecord {
  return {
    interface: sent.interface,
    direction: 'out',
    method: 'POST',
    target: sent.url,
    ok: outcome.ok,
    status: outcome.status,
    error: outcome.ok ? undefined : outcome.error,
    request: sent.request,
    response: outcome.response,
    chatId: sent.chatId,
    attempt,
  }
}

/** Bodies kept whole in the log up to this size; bigger ones are kept cut, as text. */
export const MAX_LOGGED_BODY = 16 * 1024

function forLog(request: unknown): unknown {
  if (request === undefined) return undefined
  const json = JSON.stringify(request) ?? ''
  if (json.length <= MAX_LOGGED_BODY) return request
  // A flood of big bodies must not grow the sandbox's memory without bound.
  return `${json.slice(0, MAX_LOGGED_BODY)}… (${json.length} characters, cut for the log)`
}

export type TrafficQuery = {
  interface?: Interface
  since?: number
  chatId?: string
  limit?: number
}

export interface TrafficLog {
  /** Appends a record with the next seq and the time; the oldest entries beyond the limit go. */
  record(record: TrafficRecord): TrafficEntry
  /** Entries after `since` (a seq), oldest first, optionally of one interface or chat. */
  query(query?: TrafficQuery): TrafficEntry[]
}

export function createTrafficLog(
  limit: number,
  onRecord: (entry: TrafficEntry) => void,
): TrafficLog {
  let entries: TrafficEntry[] = []
  let seq = 0
  return {
    record(record) {
      seq += 1
      const entry: TrafficEntry =
        record.request === undefined
          ? { seq, at: Date.now(), ...record }
          : { seq, at: Date.now(), ...record, request: forLog(record.request) }
      entries.push(entry)
      // A ring: the oldest entries go first, so a long-running sandbox stays small.
      if (entries.length > limit) entries = entries.slice(entries.length - limit)
      onRecord(entry)
      return entry
    },
    query(query = {}) {
      const matching = entries.filter(
        (entry) =>
          entry.seq > (query.since ?? 0) &&
          (query.interface === undefined || entry.interface === query.interface) &&
          (query.chatId === undefined || entry.chatId === query.chatId),
      )
      return query.limit === undefined ? matching : matching.slice(-query.limit)
    },
  }
}
