import type { WidgetContext } from '../../loader/context'
import { ApiError, unreadable } from '../../protocol/api-error'
import { isRecord, isString } from '../../protocol/read'
import { request } from '../../protocol/request'
import { type ErasureReceipt, parseErasureReceipt } from '../../protocol/visitor-bodies'
import { forgetVisitor } from './forget-visitor'

// The visitor's data, in their hands: the window's menu (VisitorMenu.tsx) and the page's
// Porthole.exportData() and Porthole.eraseData() (widget/extras/api.ts) call these.

type DataContext = Pick<WidgetContext, 'base' | 'fetch' | 'storage'>

/** The stored credential; a visitor without one has nothing on the backend. */
async function storedToken({ storage }: DataContext): Promise<string | undefined> {
  const session = await storage.get('session')
  return isRecord(session) && isString(session.token) ? session.token : undefined
}

/**
 * Everything the backend keeps about this visitor (GET /api/visitor/export). Rejects
 * with code `no_conversation` when this browser holds no session (nothing was kept).
 */
export async function exportVisitorData(context: DataContext): Promise<unknown> {
  const token = await storedToken(context)
  if (!token)
    throw new ApiError('no_conversation', 'Porthole: this visitor has no conversation yet', 0)
  const body = await request(context.fetch, `${context.base}api/visitor/export`, { token })
  if (!isRecord(body)) throw unreadable('GET /api/visitor/export')
  return body
}

/**
 * Erases the visitor everywhere (DELETE /api/visitor), then forgets them in this browser
 * (forget-visitor.ts) and resolves with the backend's receipt. A visitor without a session
 * has nothing on the backend: this browser forgets them and the receipt counts nothing.
 * When the backend refuses or cannot be reached, nothing is forgotten here (the visitor
 * can try again) and the Promise rejects with the reason.
 */
export async function eraseVisitorData(context: WidgetContext): Promise<ErasureReceipt> {
  const token = await storedToken(context)
  const body = token
    ? await request(context.fetch, `${context.base}api/visitor`, { method: 'DELETE', token })
    : { erased: {}, at: new Date().toISOString() }
  // A 2xx: the backend erased the visitor, whatever its body says.
  await forgetVisitor(context)
  const receipt = parseErasureReceipt(body)
  if (!receipt) throw unreadable('DELETE /api/visitor')
  return receipt
}
