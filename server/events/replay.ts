import type { ConversationEntry } from '../../shared/widget-api'
import type { ConversationLog } from '../store/types'
import type { Connection, StreamWriter } from './connection'
import { formatEntry } from './sse-format'

/** Entries read from the store per query while replaying. */
const REPLAY_PAGE = 200
/** Entries are written in chunks of about this many characters (fewer system calls). */
const CHUNK_CHARS = 16 * 1024

export type ReplayOptions = {
  store: ConversationLog
  writer: StreamWriter
  /** Resume after this id; undefined: start at the newest `firstPage` entries. */
  lastEventId: string | undefined
  firstPage: number
}

/**
 * Writes the visitor's log to a stream, page by page, waiting for the client whenever
 * its socket is full: everything after `lastEventId` however long, or the newest page
 * on a first connection (older entries come from GET /api/history). Ends once a read
 * comes back short, so entries appended meanwhile are included. Resolves to the id
 * the client now has everything up to (undefined: none), or false when the stream
 * went away.
 */
export async function replayLog(
  conn: Connection,
  options: ReplayOptions,
): Promise<string | undefined | false> {
  const { store, writer } = options
  let cursor = options.lastEventId
  if (cursor === undefined) {
    const newest = await store.readBefore(conn.visitorId, undefined, options.firstPage)
    if (!(await writeEntries(conn, writer, newest))) return false
    cursor = newest.at(-1)?.id
  }
  for (;;) {
    const page = await store.readAfter(conn.visitorId, cursor, REPLAY_PAGE)
    if (!(await writeEntries(conn, writer, page))) return false
    cursor = page.at(-1)?.id ?? cursor
    if (page.length < REPLAY_PAGE) return cursor
  }
}

async function writeEntries(
  conn: Connection,
  writer: StreamWriter,
  entries: readonly ConversationEntry[],
): Promise<boolean> {
  let chunk = ''
  for (const entry of entries) {
    chunk += formatEntry(entry)
    if (chunk.length < CHUNK_CHARS) continue
    if (!(await writer.replayWrite(conn, chunk))) return false
    chunk = ''
  }
  return chunk.length === 0 || writer.replayWrite(conn, chunk)
}
