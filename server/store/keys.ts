// Every key Porthole gives the store — records, indexes, claims and append dedupe keys — is
// built here, so no two features can collide and `listRecords(prefix)` lists exactly
// one kind. No prefix is the start of another (tests/server/store/keys.test.ts). A
// key's parts are visitor ids, client ids and the service's ids: text that never
// needs escaping, because every prefix ends where its parts begin.
//
// Changing a prefix orphans what existing stores hold under the old one: a prefix is
// part of the stored format. The Redis store's own layout (server/store/redis/keys.ts)
// is a layer below: it wraps these keys in its deployment prefix.

/** Each prefix, by what it names. A value without a trailing ':' is a whole key. */
export const KEY_PREFIXES = {
  /** Record: an outbox item, `outbox:<visitorId>:<clientId>`. */
  outboxItem: 'outbox:',
  /** Record: the due marker of an active outbox item, `outbox-due:<visitorId>:<clientId>`. */
  outboxDue: 'outbox-due:',
  /**
   * Index (Store.indexAdd): the client ids of a visitor's outbox items that may not be
   * sent yet, `outbox-open:<visitorId>`, read on every stream open.
   */
  outboxOpen: 'outbox-open:',
  /**
   * Index: the visitor's outbox items sent after a wait some device may still show
   * (delayed, failed, retried, or pending for a moment), `outbox-settled:<visitorId>`, each
   * member `<sent at>:<kept until>:<clientId>` (server/channel/settled-deliveries.ts),
   * read on every stream open.
   */
  outboxSettled: 'outbox-settled:',
  /** Record: store-wide outbox bookkeeping. */
  outboxMeta: 'outbox-meta:',
  /** Claim: one instance delivers an outbox item, `lock:<item key>`. */
  outboxLock: 'lock:',
  /** Record: a bot chat's state. */
  botChat: 'bot:chat:',
  /** Claim: a B2 event id seen (dedupe). */
  botEvent: 'bot:event:',
  /** Claim: one instance works on a bot chat. */
  botLock: 'bot:lock:',
  /** Record: a B2 event taken (answered 200) and not handled yet, `bot:pending:<event id>`. */
  botPending: 'bot:pending:',
  /**
   * Index: the BUTTONS and MARKDOWN messages Porthole's bot sent to a customer and not yet
   * seen back by A3, `bot-rich:<client id>`, each member `<until>:<text hash>:<id>`.
   */
  botRich: 'bot-rich:',
  /** Record: one of them, `bot-rich-item:<client id>:<id>` (server/rich-replies/). */
  botRichItem: 'bot-rich-item:',
  /** Claim: one A3 message took it, `bot-rich-used:<id>`. */
  botRichUsed: 'bot-rich-used:',
  /** Record: a visitor's read marker. */
  readMarker: 'read:',
  /** Claim: one device at a time moves a visitor's read marker. */
  readLock: 'read-lock:',
  /** Record: the generation of a visitor's credentials (DELETE /api/session). */
  sessionGeneration: 'session-generation:',
  /** Claim: a stream ticket's nonce, spent by the one stream it opened, `ticket-used:<nonce>`. */
  ticketUsed: 'ticket-used:',
  /** Claim: a resume link spent by its exchange, `resume-spent:<link id>` (server/email/resume-exchange.ts). */
  resumeSpent: 'resume-spent:',
  /** Record: the device a resume link was exchanged on, `resume-exchange:<link id>`. */
  resumeExchange: 'resume-exchange:',
  /** Record: a guest whose conversation a resume link handed over (never merged into a user). */
  resumeLinked: 'resume-linked:',
  /** Record (one key): when first-format tokens count as issued. */
  legacySince: 'session-legacy-since',
  /**
   * Record: the visitor's data was erased on request, `visitor-erased:<visitorId>` (kept:
   * an e-mail reply to an old reply address must not start the conversation again).
   */
  visitorErased: 'visitor-erased:',
  /** Record: a merged or migrated id's new visitor. */
  alias: 'alias:',
  /** Record: what the backend remembers of a visitor (contact, invite). */
  profile: 'profile:',
  /** Record: a verified user's raw-id conversation was migrated. */
  userMigrated: 'user-migrated:',
  /** Record (one key): the settings version now in force (polled by every instance). */
  settingsHead: 'settings:head',
  /** Record (one key): the saved settings versions' list, newest first. */
  settingsLog: 'settings:log',
  /** Record: one saved settings version, `settings:version:<n>`. */
  settingsVersion: 'settings:version:',
  /** Record (one key): what the settings file held when it was last applied. */
  settingsSeed: 'settings:seed',
  /** Claim (one key): one instance at a time saves settings. */
  settingsLock: 'settings-lock',
  /** Record: a settings-studio login, `admin-session:<hash of the cookie>`. */
  adminSession: 'admin-session:',
  /** Record: an address that logged in to the studio, `admin-known-address:<hash of it>`. */
  adminKnownAddress: 'admin-known-address:',
  /** Dedupe key: one part of a visitor's message (A2), `a2:<visitorId>:<clientId>:<part>`. */
  visitorPart: 'a2:',
  /** Dedupe key: an agent message (A3) by the service's message id. */
  agentMessage: 'a3:',
  /** Dedupe key: an entry copied by a conversation merge, `merge:<fromId>:<entryId>`. */
  mergedEntry: 'merge:',
  /**
   * Dedupe key: the entry ending a conversation, `ended:<visitorId>:<last entry id>`: one
   * end per conversation, whoever ends it (CHAT_CLOSED, the idle timeout) on any instance.
   */
  chatEnded: 'ended:',
  /**
   * Dedupe key: the entry saying who took a service chat, `joined:<visitorId>:<chat_id>:<bot|agent>`:
   * once per chat and kind however often the service repeats its event.
   */
  chatJoined: 'joined:',
  /** Record: a visitor's missed-reply e-mail falling due, `email-due:<visitorId>` (server/email/). */
  emailDue: 'email-due:',
  /** Record: the newest agent entry already e-mailed to a visitor, and how many e-mails so far. */
  emailSent: 'email-sent:',
  /** Record: an e-mail in the outbox, `email-out:<visitorId>:<n>`. */
  emailItem: 'email-out:',
  /** Record: the due marker of an e-mail not yet delivered, `email-out-due:<visitorId>:<n>`. */
  emailItemDue: 'email-out-due:',
  /** Claim: one instance composes a visitor's e-mail or delivers one e-mail. */
  emailLock: 'email-lock:',
  /** Record: an address that unsubscribed, `email-unsub:<sha256 of the address>`. */
  emailUnsubscribed: 'email-unsub:',
  /** Record: a confirmation link's address and visitor, `email-confirm:<token id>` (used once, expiring). */
  emailConfirm: 'email-confirm:',
  /** Claim: one e-mail of an address's daily cap, `email-cap:<kind>:<sha256 of the address>:<slot>`. */
  emailCap: 'email-cap:',
  /** Record: where a visitor's missed replies stood before notices to an unconfirmed address, `email-held:<visitorId>`. */
  emailHeld: 'email-held:',
  /** Record: a transcript waiting for its address's confirmation, `transcript-wait:<visitorId>:<ended entry id>`. */
  transcriptWaiting: 'transcript-wait:',
  /** Record: the one address an ended conversation's transcript goes to, `transcript-to:<visitorId>:<ended entry id>`. */
  transcriptTo: 'transcript-to:',
  /** Record: an e-mail reply taken, `inbound-mail:<hash of its address's visitor and Message-ID>` (sent once). */
  inboundMail: 'inbound-mail:',
  /** Claim: one request at a time takes an e-mail reply, `inbound-mail-lock:<hash>`. */
  inboundMailLock: 'inbound-mail-lock:',
  /** Record: a visitor's rating of an ended conversation, `rating:<visitorId>:<ended entry id>`. */
  rating: 'rating:',
  /** Record: a visitor opened a help article and the deflection clock runs, `help-opened:<visitorId>`. */
  helpOpened: 'help-opened:',
  /** Claim: one instance settles a visitor's deflection clock, `help-settle:<visitorId>:<opened at>`. */
  helpSettle: 'help-settle:',
  /** Record: an import of help pages and its progress, `help-import:<job id>` (server/help/import/). */
  helpImport: 'help-import:',
  /** Record: the model answers' tokens spent on one UTC day, `answers-tokens:<yyyy-mm-dd>` (server/model-answers/). */
  answersTokens: 'answers-tokens:',
} as const

const P = KEY_PREFIXES

export const outboxItemKey = (visitorId: string, clientId: string) =>
  `${P.outboxItem}${visitorId}:${clientId}`

/** The due marker's key of the item stored at `itemKey`. */
export const outboxDueKeyOf = (itemKey: string) =>
  `${P.outboxDue}${itemKey.slice(P.outboxItem.length)}`

/** The item's key of the due marker stored at `dueKey`. */
export const outboxItemKeyOf = (dueKey: string) =>
  `${P.outboxItem}${dueKey.slice(P.outboxDue.length)}`

/** Set once every item stored before due markers existed has its marker. */
export const OUTBOX_INDEXED_KEY = `${P.outboxMeta}due-markers`

export const outboxOpenKey = (visitorId: string) => `${P.outboxOpen}${visitorId}`
export const outboxSettledKey = (visitorId: string) => `${P.outboxSettled}${visitorId}`

/** Set once every unsent item stored before the per-visitor index existed is in it. */
export const OUTBOX_OPEN_INDEXED_KEY = `${P.outboxMeta}open-index`

export const outboxLockKey = (itemKey: string) => `${P.outboxLock}${itemKey}`

export const botChatKey = (chatId: string) => `${P.botChat}${chatId}`
export const botEventKey = (eventId: string) => `${P.botEvent}${eventId}`
export const botLockKey = (chatId: string) => `${P.botLock}${chatId}`
export const botPendingKey = (eventId: string) => `${P.botPending}${eventId}`
export const botRichKey = (clientId: string) => `${P.botRich}${clientId}`
export const botRichItemKey = (clientId: string, id: string) => `${P.botRichItem}${clientId}:${id}`
export const botRichUsedKey = (id: string) => `${P.botRichUsed}${id}`

export const readMarkerKey = (visitorId: string) => `${P.readMarker}${visitorId}`
export const readLockKey = (visitorId: string) => `${P.readLock}${visitorId}`

export const sessionGenerationKey = (visitorId: string) => `${P.sessionGeneration}${visitorId}`
export const ticketUsedKey = (nonce: string) => `${P.ticketUsed}${nonce}`
export const resumeSpentKey = (linkId: string) => `${P.resumeSpent}${linkId}`
export const resumeExchangeKey = (linkId: string) => `${P.resumeExchange}${linkId}`
export const resumeLinkedKey = (visitorId: string) => `${P.resumeLinked}${visitorId}`
export const LEGACY_SINCE_KEY = P.legacySince
export const aliasKey = (fromId: string) => `${P.alias}${fromId}`
export const profileKey = (visitorId: string) => `${P.profile}${visitorId}`
export const visitorErasedKey = (visitorId: string) => `${P.visitorErased}${visitorId}`
export const userMigratedKey = (rawId: string) => `${P.userMigrated}${rawId}`

export const SETTINGS_HEAD_KEY = P.settingsHead
export const SETTINGS_LOG_KEY = P.settingsLog
export const settingsVersionKey = (version: number) => `${P.settingsVersion}${version}`
export const SETTINGS_SEED_KEY = P.settingsSeed
export const SETTINGS_LOCK_KEY = P.settingsLock
export const adminSessionKey = (idHash: string) => `${P.adminSession}${idHash}`
export const adminKnownAddressKey = (ipHash: string) => `${P.adminKnownAddress}${ipHash}`

export const visitorPartDedupeKey = (visitorId: string, clientId: string, part: number) =>
  `${P.visitorPart}${visitorId}:${clientId}:${part}`
export const agentMessageDedupeKey = (messageId: string) => `${P.agentMessage}${messageId}`
export const mergedEntryDedupeKey = (fromId: string, entryId: string) =>
  `${P.mergedEntry}${fromId}:${entryId}`
export const chatEndedDedupeKey = (visitorId: string, lastEntryId: string) =>
  `${P.chatEnded}${visitorId}:${lastEntryId}`
export const chatJoinedDedupeKey = (visitorId: string, chatId: string, kind: string) =>
  `${P.chatJoined}${visitorId}:${chatId}:${kind}`

export const emailDueKey = (visitorId: string) => `${P.emailDue}${visitorId}`
export const emailSentKey = (visitorId: string) => `${P.emailSent}${visitorId}`
export const emailItemKey = (visitorId: string, n: number) => `${P.emailItem}${visitorId}:${n}`
/** The due marker's key of the e-mail stored at `itemKey`, and back. */
export const emailItemDueKeyOf = (itemKey: string) =>
  `${P.emailItemDue}${itemKey.slice(P.emailItem.length)}`
export const emailItemKeyOf = (dueKey: string) =>
  `${P.emailItem}${dueKey.slice(P.emailItemDue.length)}`
export const emailLockKey = (key: string) => `${P.emailLock}${key}`
/** A transcript in the e-mail outbox, `email-out:<visitorId>:t<id>`, beside the numbered missed replies. */
export const transcriptItemKey = (visitorId: string, id: string) =>
  `${P.emailItem}${visitorId}:t${id}`
/** A "confirm your address" e-mail in the outbox, `email-out:<visitorId>:c<link id>`. */
export const confirmItemKey = (visitorId: string, linkId: string) =>
  `${P.emailItem}${visitorId}:c${linkId}`
export const ratingKey = (visitorId: string, endedId: string) =>
  `${P.rating}${visitorId}:${endedId}`
export const emailUnsubscribedKey = (addressHash: string) => `${P.emailUnsubscribed}${addressHash}`
export const emailConfirmKey = (tokenId: string) => `${P.emailConfirm}${tokenId}`
export const emailCapKey = (kind: string, addressHash: string, slot: number) =>
  `${P.emailCap}${kind}:${addressHash}:${slot}`
export const emailHeldKey = (visitorId: string) => `${P.emailHeld}${visitorId}`
export const transcriptWaitingKey = (visitorId: string, endedId = '') =>
  `${P.transcriptWaiting}${visitorId}:${endedId}`
export const transcriptToKey = (visitorId: string, endedId: string) =>
  `${P.transcriptTo}${visitorId}:${endedId}`
export const inboundMailKey = (messageKey: string) => `${P.inboundMail}${messageKey}`
export const inboundMailLockKey = (messageKey: string) => `${P.inboundMailLock}${messageKey}`
export const helpOpenedKey = (visitorId: string) => `${P.helpOpened}${visitorId}`
export const helpSettleKey = (visitorId: string, at: number) => `${P.helpSettle}${visitorId}:${at}`
export const helpImportKey = (jobId: string) => `${P.helpImport}${jobId}`

/**
 * The claims about one visitor: the prefix before the visitor's id and how many
 * `:`-separated parts follow it (client ids, entry ids, times, hashes: none has a colon).
 */
const VISITOR_CLAIMS: readonly (readonly [prefix: string, partsAfter: number])[] = [
  [`${P.outboxLock}${P.outboxItem}`, 1],
  [P.readLock, 0],
  [`${P.emailLock}ask:`, 2],
  [`${P.emailLock}compose:${P.emailItem}`, 1],
  [`${P.emailLock}${P.emailItem}`, 1],
  [`${P.emailLock}${P.emailDue}`, 0],
  [`${P.emailLock}${P.rating}`, 1],
  [P.helpSettle, 1],
]

/**
 * True when `key` is a claim about exactly `visitorId`: `user:a` never names the claims
 * of `user:a:b` (whose key also holds `:a:`).
 */
export function namesVisitor(key: string, visitorId: string): boolean {
  return VISITOR_CLAIMS.some(([prefix, partsAfter]) => {
    const start = `${prefix}${visitorId}`
    if (!key.startsWith(start)) return false
    const rest = key.slice(start.length)
    if (partsAfter === 0) return rest === ''
    return rest.startsWith(':') && rest.slice(1).split(':').length === partsAfter
  })
}
export const answersTokensKey = (day: string) => `${P.answersTokens}${day}`
