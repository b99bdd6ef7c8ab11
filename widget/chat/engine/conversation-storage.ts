import { parseConversationEntry } from '../../protocol/conversation-entry'
import { isRecord, isString } from '../../protocol/read'
import type { KeyValueStore, StoreKey } from '../../storage/key-value-store'
import { type Conversation, emptyConversation, WINDOW } from '../model/conversation'
import { parseDeliveries } from '../model/deliveries'
import { parseOutbox } from '../model/outbox'

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
 * Saves the conversation as it changes: the changes made together (one synchronous run,
 * e.g. a send and its draw) are written together, in one transaction begun at once, not
 * after a timer or the previous write: a page closed right after Enter keeps the message
 * (the store commits the transaction without waiting for the page). `onSaved` runs after
 * each write (other tabs then read it). A refused write is tried again, with the newest
 * state; `flush` tries at once (the page is going away).
 */
export function createConversationWriter(
  storage: KeyValueStore,
  loaded: StoredConversation,
  onSaved: () => void,
) {
  const stored = new Set(loaded.ids)
  let latest: Conversation | undefined
  let newest: Conversation | undefined
  let queued = false
  let retry: ReturnType<typeof setTimeout> | undefined

  function flush(): void {
    queued = false
    clearTimeout(retry)
    retry = undefined
    const state = latest
    latest = undefined
    if (!state) return
    const window = state.entries.slice(-WINDOW)
    const ids = window.map((entry) => entry.id)
    const added = ids.filter((id) => !stored.has(id))
    const puts: [StoreKey, unknown][] = window.flatMap((entry): [StoreKey, unknown][] =>
      added.includes(entry.id) ? [[entryKey(entry.id), entry]] : [],
    )
    const { entries, keep, outbox, ...record } = state
    puts.push(
      ['conversation', { ...record, ids, earlier: entries.length > WINDOW || state.earlier }],
      ['outbox', outbox],
    )
    const gone = [...stored].filter((id) => !ids.includes(id))
    // Counted as stored from now on, so a write begun before this one lands does not
    // put them again; a refusal counts them back.
    for (const id of gone) stored.delete(id)
    for (const id of added) stored.add(id)
    // "log": the single key of earlier widgets, converted by this write.
    storage.write(puts, [...gone.map(entryKey), 'log']).then(onSaved, () => {
      // Storage refused (quota, a closing database): the newest state stays in memory
      // and is written again a little later, with whatever changed meanwhile.
      for (const id of added) stored.delete(id)
      for (const id of gone) stored.add(id)
      latest ??= newest
      clearTimeout(retry)
      retry = setTimeout(flush, RETRY_MS)
    })
  }

  return {
    /** Saves this state (with whatever else changes in this synchronous run). */
    save(state: Conversation): void {
      latest = newest = state
      if (queued) return
      queued = true
      queueMicrotask(flush)
    },
    /** Writes what waits for a retry now (the page is going away). */
    flush(): void {
      if (retry) flush()
    },
  }
}
