import { parseConversationEntry } from '../protocol/conversation-entry'
import { isRecord, isString } from '../protocol/read'
import type { KeyValueStore, StoreKey } from '../storage/key-value-store'
import { type Conversation, emptyConversation, WINDOW } from './conversation'
import { parseDeliveries } from './deliveries'
import { parseOutbox } from './outbox'

// The conversation in IndexedDB: one key per entry ("entry:<id>") for the newest WINDOW
// entries, and one small record ("conversation") with their ids in order and the rest of
// the state. A change writes the new entries and that record, never the whole log.

/** A write the storage refused is tried again this much later. */
export const RETRY_MS = 5000

const entryKey = (id: string): StoreKey => `entry:${id}`
const text = (value: unknown): string | undefined => (isString(value) ? value : undefined)

export interface StoredConversation {
  conversation: Conversation
  /** Entry ids the store holds. */
  ids: string[]
}

/** Reads the stored conversation, or a log in the old format; what does not parse is dropped. */
export async function loadConversation(storage: KeyValueStore): Promise<StoredConversation> {
  const [meta, outbox, log] = await storage.getMany(['conversation', 'outbox', 'log'])
  const legacy = !isRecord(meta) && isRecord(log)
  const record = isRecord(meta) ? meta : isRecord(log) ? log : {}
  const ids = isRecord(meta) && Array.isArray(meta.ids) ? meta.ids.filter(isString) : []
  const values = legacy ? record.entries : await storage.getMany(ids.map(entryKey))
  const entries = (Array.isArray(values) ? values : []).flatMap(
    (value) => parseConversationEntry(value) ?? [],
  )
  const { items, failed } = parseOutbox(outbox)
  return {
    conversation: {
      ...emptyConversation(),
      entries: entries.slice(-WINDOW),
      // Only `false` matters once loaded: the list starts at the conversation's start.
      earlier: record.earlier === false ? false : undefined,
      lastEventId: text(record.lastEventId),
      readUpTo: text(record.readUpTo),
      invite: text(record.invite),
      delivery: { ...parseDeliveries(record.delivery), ...parseDeliveries(failed) },
      outbox: items,
    },
    ids,
  }
}

/**
 * Saves the conversation as it changes: the changes of one turn of the event loop are
 * written together, in one transaction, after the previous write finished; `onSaved`
 * runs after each write (other tabs then read it). A refused write is tried again.
 */
export function createConversationWriter(
  storage: KeyValueStore,
  loaded: StoredConversation,
  onSaved: () => void,
) {
  const stored = new Set(loaded.ids)
  let latest: Conversation | undefined
  let scheduled = false
  let writing: Promise<void> = Promise.resolve()

  function schedule(delayMs = 0): void {
    if (scheduled) return
    scheduled = true
    writing = writing.then(() => new Promise((resolve) => setTimeout(resolve, delayMs))).then(flush)
  }

  async function flush(): Promise<void> {
    scheduled = false
    const state = latest
    latest = undefined
    if (!state) return
    const window = state.entries.slice(-WINDOW)
    const ids = window.map((entry) => entry.id)
    const puts: [StoreKey, unknown][] = window.flatMap((entry): [StoreKey, unknown][] =>
      stored.has(entry.id) ? [] : [[entryKey(entry.id), entry]],
    )
    const { entries, keep, outbox, ...record } = state
    puts.push(
      ['conversation', { ...record, ids, earlier: entries.length > WINDOW || state.earlier }],
      ['outbox', outbox],
    )
    const gone = [...stored].filter((id) => !ids.includes(id))
    try {
      // "log": the single key of earlier widgets, converted by this write.
      await storage.write(puts, [...gone.map(entryKey), 'log'])
    } catch {
      // Storage refused (quota, a closing database): the state stays in memory and is
      // written again a little later, with whatever changed meanwhile.
      latest ??= state
      schedule(RETRY_MS)
      return
    }
    for (const id of gone) stored.delete(id)
    for (const id of ids) stored.add(id)
    onSaved()
  }

  return {
    /** Saves this state (with whatever else changes in this turn). */
    save(state: Conversation): void {
      latest = state
      schedule()
    },
  }
}
