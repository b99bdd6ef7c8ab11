import { z } from 'zod'
import type { ConversationEntry } from '../../shared/widget-api'
import { StoredRating } from '../conversation/rating-rules'
import { MailItem } from '../email/mail-item'
import { readProfile } from '../session/profile'
import { KEY_PREFIXES as P, profileKey, visitorErasedKey } from '../store/keys'
import type { ConsentRecord, ConversationLog, Records } from '../store/types'
import { fileUrl } from '../uploads/file-links'
import type { FileStore } from '../uploads/file-store'

const PAGE = 500
const iso = (ms: number) => new Date(ms).toISOString()

export type ExportDeps = {
  store: ConversationLog & Records
  files: FileStore
  publicUrl: string
  /** The visitor's consents; none where the store keeps none. */
  consents: (visitorId: string) => Promise<ConsentRecord[]>
  now: () => number
}

/** Every entry of a visitor's log, oldest first, read page by page. */
export async function readWholeLog(
  store: ConversationLog,
  visitorId: string,
): Promise<ConversationEntry[]> {
  const all: ConversationEntry[] = []
  for (;;) {
    const page = await store.readAfter(visitorId, all.at(-1)?.id, PAGE)
    all.push(...page)
    if (page.length < PAGE) return all
  }
}

function messageOf(entry: ConversationEntry) {
  const { content } = entry
  const files =
    content.type === 'text' || content.type === 'location'
      ? []
      : [{ name: content.file_name ?? 'file', url: content.file }]
  const text =
    content.type === 'location'
      ? `${content.latitude}, ${content.longitude}`
      : (content.text ?? (entry.rich ? JSON.stringify(entry.rich) : ''))
  return {
    id: entry.id,
    from: entry.author,
    ...(entry.name ? { name: entry.name } : {}),
    text,
    at: iso(entry.at),
    files,
  }
}

/** What an e-mail's key says it was: numbered missed replies, `t…` a transcript, `c…` a confirmation. */
function mailKind(key: string): 'missed-replies' | 'transcript' | 'confirmation' {
  const last = key.slice(key.lastIndexOf(':') + 1)
  if (last.startsWith('t')) return 'transcript'
  if (last.startsWith('c')) return 'confirmation'
  return 'missed-replies'
}

/**
 * Everything Porthole keeps about one visitor, as the export (GET /api/visitor/export
 * and the admin API) answers it: the contact details and language, every message both
 * ways with its files, the files uploaded, ratings, the e-mails and what became of
 * them, the consents.
 */
export async function exportVisitor(deps: ExportDeps, visitorId: string) {
  const { store } = deps
  const profile = await readProfile(store, visitorId)
  const entries = await readWholeLog(store, visitorId)
  const ratings = []
  for (const key of await store.listRecords(`${P.rating}${visitorId}:`)) {
    const rating = await store.getRecord(key, StoredRating)
    if (rating) ratings.push({ ...rating, at: iso(rating.at) })
  }
  const emails = []
  for (const key of await store.listRecords(`${P.emailItem}${visitorId}:`)) {
    const mail = await store.getRecord(key, MailItem.partial())
    if (!mail?.to) continue
    emails.push({
      address: mail.to,
      kind: mailKind(key),
      subject: mail.subject,
      state: mail.state,
      ...(mail.state === 'sent' && mail.doneAt ? { sentAt: iso(mail.doneAt) } : {}),
    })
  }
  const uploads = await deps.files.list(visitorId)
  const consents = await deps.consents(visitorId)
  return {
    exportedAt: iso(deps.now()),
    visitor: {
      id: visitorId,
      ...profile.contact,
      ...(profile.lang ? { language: profile.lang } : {}),
      ...(profile.page ? { lastPage: profile.page } : {}),
      ...(profile.emailConfirmed ? { emailConfirmedAt: iso(profile.emailConfirmed.at) } : {}),
    },
    messages: entries.filter((entry) => entry.author !== 'system').map(messageOf),
    /** The conversation's own lines: who joined, when it ended. */
    notices: entries
      .filter((entry) => entry.author === 'system')
      .map((entry) => ({ text: messageOf(entry).text, at: iso(entry.at) })),
    files: uploads.map((file) => ({
      name: file.name,
      url: fileUrl(deps.publicUrl, file),
      size: file.size,
      type: file.mime,
      uploadedAt: iso(file.createdAt),
    })),
    ratings,
    emails,
    consents: consents.map((consent) => ({ version: consent.version, at: iso(consent.at) })),
  }
}

export type VisitorExport = Awaited<ReturnType<typeof exportVisitor>>

/**
 * What Porthole knows of an id: `known` (a profile, which every session writes, or a
 * log), `erased` (erased on request and not back since: only the agents' notice is
 * left), or `unknown`.
 */
export async function visitorState(
  store: ConversationLog & Records,
  visitorId: string,
): Promise<'known' | 'erased' | 'unknown'> {
  if ((await store.getRecord(profileKey(visitorId), z.unknown())) !== undefined) return 'known'
  if ((await store.getRecord(visitorErasedKey(visitorId), z.unknown())) !== undefined)
    return 'erased'
  return (await store.readAfter(visitorId, undefined, 1)).length > 0 ? 'known' : 'unknown'
}
