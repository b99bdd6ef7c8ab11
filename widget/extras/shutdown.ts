import type { WidgetContext } from '../loader/context'
import { isRecord, isString } from '../protocol/read'

// Porthole.shutdown(), loaded on its first call: the loader does not carry it.

/**
 * Ends the visitor's session on this device: the widget is removed, the credential
 * revoked (DELETE /api/session) and the widget's storage emptied. The storage is emptied
 * even when the backend cannot be reached (the Promise then rejects): a shared computer
 * keeps nothing. Porthole.boot() then starts as a new visitor.
 */
export async function shutdown(context: WidgetContext, unmount: () => void): Promise<void> {
  const { base, storage, fetch } = context
  // What the chat still has on its way is not stored after this (forget-visitor.ts).
  context.ended = true
  unmount()
  const session = await storage.get('session')
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
  // The visitor's data chunk (shared with the window's menu and eraseData()).
  const { forgetVisitor } = await import('../chat/privacy/visitor-data')
  await forgetVisitor(context)
  if (refused) throw refused
}
