import { z } from 'zod'
import { KEY_PREFIXES as P } from '../store/keys'
import type { ErasedKeys, Records } from '../store/types'

// Every record and index Porthole keeps about one visitor, by kind: what an erasure
// deletes with the log (Store.eraseVisitor) and what an export reads. A kind missing
// here would survive an erasure: tests/server/privacy/erase-everywhere.test.ts writes
// into each and scans the stores' raw data afterwards.

/** Records named `<prefix><visitorId>`. */
const WHOLE_RECORDS = [
  P.profile,
  P.readMarker,
  P.emailDue,
  P.emailSent,
  P.emailHeld,
  P.helpOpened,
  P.resumeLinked,
  P.alias,
] as const

/** Records named `<prefix><visitorId>:<one part without a colon>`. */
const PER_ITEM_RECORDS = [
  P.outboxItem,
  P.outboxDue,
  P.emailItem,
  P.emailItemDue,
  P.rating,
  P.transcriptWaiting,
  P.transcriptTo,
  P.botRichItem,
] as const

/** Indexes named `<prefix><visitorId>`. */
const INDEXES = [P.outboxOpen, P.outboxSettled, P.botRich] as const

/**
 * Records keyed by something else (a chat id, a link id, a mail's hash) that name the
 * visitor inside: read one by one (few, and kept no longer than retention).
 */
const OWNED_RECORDS: readonly { prefix: string; owner: z.ZodType<string> }[] = [
  { prefix: P.botChat, owner: z.object({ clientId: z.string() }).transform((r) => r.clientId) },
  { prefix: P.emailConfirm, owner: z.object({ v: z.string() }).transform((r) => r.v) },
  {
    prefix: P.inboundMail,
    owner: z.object({ visitorId: z.string() }).transform((r) => r.visitorId),
  },
]

const AliasOwner = z.object({ visitorId: z.string() }).transform((r) => r.visitorId)

/** The kinds, for the receipt's counts. */
export type RecordKind = 'outbox' | 'emails' | 'ratings' | 'contact' | 'other'

/** The kind a record key counts under in a receipt. */
export function kindOf(key: string): RecordKind {
  if (key.startsWith(P.outboxItem)) return 'outbox'
  if (key.startsWith(P.emailItem)) return 'emails'
  if (key.startsWith(P.rating)) return 'ratings'
  if (key.startsWith(P.profile)) return 'contact'
  return 'other'
}

/**
 * The keys of everything stored about `visitorId` beside its log. A verified user's id
 * (`user:<id>`) may contain colons, so a listed key counts only when what follows the
 * visitor's part has none (`user:a` never takes `user:a:b`'s records).
 */
export async function visitorKeys(store: Records, visitorId: string): Promise<ErasedKeys> {
  const records: string[] = WHOLE_RECORDS.map((prefix) => `${prefix}${visitorId}`)
  for (const prefix of PER_ITEM_RECORDS) {
    const start = `${prefix}${visitorId}:`
    for (const key of await store.listRecords(start))
      if (!key.slice(start.length).includes(':')) records.push(key)
  }
  for (const { prefix, owner } of OWNED_RECORDS)
    for (const key of await store.listRecords(prefix))
      if ((await store.getRecord(key, owner)) === visitorId) records.push(key)
  return { records, indexes: INDEXES.map((prefix) => `${prefix}${visitorId}`) }
}

/**
 * The ids merged into `visitorId` (a guest who signed in, a migrated user: their
 * `alias:` records name it). Their own logs kept the entries a merge copied, so an
 * erasure erases them too.
 */
export async function aliasesOf(store: Records, visitorId: string): Promise<string[]> {
  const from: string[] = []
  for (const key of await store.listRecords(P.alias))
    if ((await store.getRecord(key, AliasOwner)) === visitorId) from.push(key.slice(P.alias.length))
  return from
}
