import type { WidgetContext } from '../loader/context'
import { isRecord, isString } from '../protocol/read'
import type { StoreKey } from '../storage/key-value-store'

// Porthole.shutdown(), loaded on its first call: the loader does not carry it.

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
]

/**
 * Ends the visitor's session on this device: the widget is removed, the credential
 * revoked (DELETE /api/session) and the widget's storage emptied. The storage is emptied
 * even when the backend cannot be reached (the Promise then rejects): a shared computer
 * keeps nothing. Porthole.boot() then starts as a new visitor.
 */
export async function shutdown(context: WidgetContext, unmount: () => void): Promise<void> {
  const { base, storage, fetch } = context
  // What the chat still has on its way (a message the service takes late, a reply) is not
  // stored after this: the next visitor on this device starts empty.
  context.ended = true
  unmount()
  const [session, conversation] = await storage.getMany(['session', 'conversation'])
  const ids = isRecord(conversation) && Array.isArray(conversation.ids) ? conversation.ids : []
  const entries = ids.filter(isString).map((id): StoreKey => `entry:${id}`)
  let refused: unknown
  if (isRecord(session) && isString(session.token)) {
    try {
      const response = await fetch(`${base}api/session`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${session.token}` },
        credentials: 'omit',
      })
      // 401: the credential was revoked already.
      if (!response.ok && response.status !== 401)
        refused = new Error(`DELETE /api/session answered ${response.status}`)
    } catch (error) {
      refused = error
    }
  }
  await storage.write([], [...KEYS, ...entries])
  // The other open tabs forget the visitor too (chat/engine.ts), and go on as a new one.
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
  if (refused) throw refused
}
