import { describe, expect, it } from 'vitest'
import * as keys from '../../../server/store/keys'

const { KEY_PREFIXES } = keys
const prefixes = Object.entries(KEY_PREFIXES)

describe('the store key registry', () => {
  it('has no prefix that starts another, so listRecords(prefix) lists one kind', () => {
    const overlaps: string[] = []
    for (const [name, prefix] of prefixes) {
      for (const [otherName, other] of prefixes) {
        if (name !== otherName && other.startsWith(prefix)) overlaps.push(`${name} → ${otherName}`)
      }
    }
    expect(overlaps).toEqual([])
    expect(new Set(Object.values(KEY_PREFIXES)).size).toBe(prefixes.length)
  })

  it('builds every key under exactly one registered prefix', () => {
    const built = [
      keys.outboxItemKey('v1', 'm1'),
      keys.outboxDueKeyOf(keys.outboxItemKey('v1', 'm1')),
      keys.OUTBOX_INDEXED_KEY,
      keys.outboxOpenKey('v1'),
      keys.outboxSettledKey('v1'),
      keys.OUTBOX_OPEN_INDEXED_KEY,
      keys.outboxLockKey(keys.outboxItemKey('v1', 'm1')),
      keys.botChatKey('c1'),
      keys.botEventKey('e1'),
      keys.botLockKey('c1'),
      keys.botPendingKey('e1'),
      keys.botRichKey('c1'),
      keys.botRichItemKey('c1', 'r1'),
      keys.botRichUsedKey('r1'),
      keys.readMarkerKey('v1'),
      keys.readLockKey('v1'),
      keys.sessionGenerationKey('v1'),
      keys.ticketUsedKey('n1'),
      keys.resumeSpentKey('l1'),
      keys.resumeExchangeKey('l1'),
      keys.resumeLinkedKey('v1'),
      keys.LEGACY_SINCE_KEY,
      keys.aliasKey('v1'),
      keys.profileKey('v1'),
      keys.visitorErasedKey('v1'),
      keys.userMigratedKey('u1'),
      keys.SETTINGS_HEAD_KEY,
      keys.SETTINGS_LOG_KEY,
      keys.settingsVersionKey(3),
      keys.SETTINGS_SEED_KEY,
      keys.SETTINGS_LOCK_KEY,
      keys.adminSessionKey('ab12'),
      keys.adminKnownAddressKey('cd34'),
      keys.visitorPartDedupeKey('v1', 'm1', 0),
      keys.agentMessageDedupeKey('s1'),
      keys.mergedEntryDedupeKey('v1', '7'),
      keys.chatEndedDedupeKey('v1', '7'),
      keys.chatJoinedDedupeKey('v1', 'c1', 'agent'),
      keys.emailDueKey('v1'),
      keys.emailSentKey('v1'),
      keys.emailItemKey('v1', 1),
      keys.emailItemDueKeyOf(keys.emailItemKey('v1', 1)),
      keys.emailLockKey(keys.emailItemKey('v1', 1)),
      keys.emailUnsubscribedKey('ab12'),
      keys.emailConfirmKey('t1'),
      keys.confirmItemKey('v1', 't1'),
      keys.emailCapKey('mail', 'ab12', 0),
      keys.emailHeldKey('v1'),
      keys.transcriptWaitingKey('v1', '7'),
      keys.transcriptToKey('v1', '7'),
      keys.inboundMailKey('h1'),
      keys.inboundMailLockKey('h1'),
      keys.transcriptItemKey('v1', 'ab12'),
      keys.ratingKey('v1', '7'),
      keys.helpOpenedKey('v1'),
      keys.helpSettleKey('v1', 7),
      keys.helpImportKey('j1'),
      keys.answersTokensKey('2026-11-29'),
    ]
    for (const key of built) {
      const owners = prefixes.filter(([, prefix]) => key.startsWith(prefix))
      expect(owners, key).toHaveLength(1)
    }
    // Every prefix is used by some builder.
    const used = new Set(
      built.map((key) => prefixes.find(([, prefix]) => key.startsWith(prefix))?.[0]),
    )
    expect([...used].sort()).toEqual(Object.keys(KEY_PREFIXES).sort())
  })

  it('keeps the stored format of every key (a changed prefix orphans stored data)', () => {
    expect(keys.outboxItemKey('g_abc', 'm-1')).toBe('outbox:g_abc:m-1')
    expect(keys.outboxDueKeyOf('outbox:g_abc:m-1')).toBe('outbox-due:g_abc:m-1')
    expect(keys.outboxItemKeyOf('outbox-due:user:42:m-1')).toBe('outbox:user:42:m-1')
    expect(keys.OUTBOX_INDEXED_KEY).toBe('outbox-meta:due-markers')
    expect(keys.emailItemKey('user:42', 3)).toBe('email-out:user:42:3')
    expect(keys.emailItemDueKeyOf('email-out:user:42:3')).toBe('email-out-due:user:42:3')
    expect(keys.emailItemKeyOf('email-out-due:user:42:3')).toBe('email-out:user:42:3')
    expect(keys.emailDueKey('v')).toBe('email-due:v')
    expect(keys.transcriptItemKey('user:42', 'ab')).toBe('email-out:user:42:tab')
    expect(keys.ratingKey('user:42', '7')).toBe('rating:user:42:7')
    expect(keys.outboxOpenKey('user:42')).toBe('outbox-open:user:42')
    expect(keys.outboxSettledKey('user:42')).toBe('outbox-settled:user:42')
    expect(keys.OUTBOX_OPEN_INDEXED_KEY).toBe('outbox-meta:open-index')
    expect(keys.outboxLockKey('outbox:v:m')).toBe('lock:outbox:v:m')
    expect(keys.botChatKey('c')).toBe('bot:chat:c')
    expect(keys.botEventKey('e')).toBe('bot:event:e')
    expect(keys.botLockKey('c')).toBe('bot:lock:c')
    expect(keys.botPendingKey('e')).toBe('bot:pending:e')
    expect(keys.readMarkerKey('v')).toBe('read:v')
    expect(keys.readLockKey('v')).toBe('read-lock:v')
    expect(keys.sessionGenerationKey('v')).toBe('session-generation:v')
    expect(keys.resumeSpentKey('l')).toBe('resume-spent:l')
    expect(keys.resumeExchangeKey('l')).toBe('resume-exchange:l')
    expect(keys.resumeLinkedKey('v')).toBe('resume-linked:v')
    expect(keys.LEGACY_SINCE_KEY).toBe('session-legacy-since')
    expect(keys.aliasKey('v')).toBe('alias:v')
    expect(keys.profileKey('v')).toBe('profile:v')
    expect(keys.userMigratedKey('u')).toBe('user-migrated:u')
    expect(keys.visitorPartDedupeKey('v', 'm', 2)).toBe('a2:v:m:2')
    expect(keys.agentMessageDedupeKey('s')).toBe('a3:s')
    expect(keys.mergedEntryDedupeKey('v', '9')).toBe('merge:v:9')
  })

  it('turns an item key into its due marker key and back for ids holding colons', () => {
    const item = keys.outboxItemKey('user:a:b', 'm:1')
    expect(keys.outboxItemKeyOf(keys.outboxDueKeyOf(item))).toBe(item)
  })
})
