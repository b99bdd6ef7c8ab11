import type { WidgetContext } from '../../loader/context'
import { isRecord, isString } from '../../protocol/read'
import type { StoreKey } from '../../storage/key-value-store'

/** Everything the widget stores about a visitor, besides the entries listed in 'conversation'. */
const KEYS: StoreKey[] = [
  'session',
  'log',
  'conversation',
  'outbox',
  'open',
  'unread',
  'invite-dismissed',
  'invite-answer',
  'draft',
  'muted',
  'device',
  'consent',
  'pre-chat',
]

/**
 * Forgets the visitor in this browser (Porthole.shutdown(), Delete my conversation): the
 * chat stores nothing more (what it still has on its way, a message the service takes
 * late or a reply, would land after the store was emptied), every key the widget stores
 * and the invitation rules' memory go, and the other open tabs forget the visitor too
 * (chat/engine.ts) and go on as a new one. Storage that refuses is reported by the
 * Promise; the web storage's keys go in any case.
 */
export async function forgetVisitor(context: WidgetContext): Promise<void> {
  const { storage } = context
  context.ended = true
  const conversation = await storage.get('conversation').catch(() => undefined)
  const ids = isRecord(conversation) && Array.isArray(conversation.ids) ? conversation.ids : []
  const entries = ids.filter(isString).map((id): StoreKey => `entry:${id}`)
  try {
    await storage.write([], [...KEYS, ...entries])
  } finally {
    if (typeof BroadcastChannel !== 'undefined') {
      const tabs = new BroadcastChannel(context.channelName)
      tabs.postMessage({ kind: 'ended' })
      tabs.close()
    }
    for (const key of ['localStorage', 'sessionStorage'] as const) {
      try {
        // The invitation rules' memory (widget/loader/invite-facts.ts).
        for (const name of ['porthole-visit', 'porthole-first', 'porthole-invited'])
          window[key].removeItem(name)
      } catch {
        // Storage refused: nothing was kept there either.
      }
    }
  }
}
