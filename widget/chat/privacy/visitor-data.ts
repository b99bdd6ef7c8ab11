import type { WidgetContext } from '../../loader/context'
import { isRecord, isString } from '../../protocol/read'
import { type ErasureReceipt, parseErasureReceipt } from '../../protocol/visitor-bodies'
import { forgetVisitor } from './forget-visitor'

// The visitor's data, in their hands: the window's menu (menu.tsx) and the page's
// Porthole.exportData() and Porthole.eraseData() (widget/extras/api.ts) call these. A
// chunk of its own, without the engine's: a page may call them before any conversation.

export { forgetVisitor }

type DataContext = Pick<WidgetContext, 'base' | 'fetch' | 'storage'>

/** A visitor-data call that failed: `code` is the backend's, `network`, or `no_conversation`. */
export class VisitorDataError extends Error {
  override name = 'VisitorDataError' as const
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status; 0 when there was no answer or no call. */
    readonly status = 0,
  ) {
    super(message)
  }
}

/** Calls a visitor route with the stored credential; the JSON answer, or a VisitorDataError. */
async function call({ base, fetch, storage }: DataContext, method: 'GET' | 'DELETE', path: string) {
  const session = await storage.get('session')
  if (!isRecord(session) || !isString(session.token))
    throw new VisitorDataError('no_conversation', 'Porthole: this visitor has no conversation yet')
  let response: Response
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${session.token}` },
      credentials: 'omit',
    })
  } catch (error) {
    throw new VisitorDataError('network', `Porthole: cannot reach the chat server (${error})`)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok && isRecord(body)) return body
  const error = isRecord(body) && isRecord(body.error) ? body.error : {}
  throw new VisitorDataError(
    isString(error.code) ? error.code : 'bad_response',
    `Porthole: ${method} /${path} answered ${response.status}${isString(error.message) ? `: ${error.message}` : ''}`,
    response.status,
  )
}

/**
 * Everything the backend keeps about this visitor (GET /api/visitor/export). Rejects
 * with code `no_conversation` when this browser holds no session (nothing was kept).
 */
export const exportVisitorData = (context: DataContext): Promise<Record<string, unknown>> =>
  call(context, 'GET', 'api/visitor/export')

/**
 * Erases the visitor everywhere (DELETE /api/visitor), then forgets them in this browser
 * (forget-visitor.ts) and resolves with the backend's receipt. A visitor without a session
 * has nothing on the backend: this browser forgets them and the receipt counts nothing.
 * When the backend refuses or cannot be reached, nothing is forgotten here (the visitor
 * can try again) and the Promise rejects with the reason.
 */
export async function eraseVisitorData(context: WidgetContext): Promise<ErasureReceipt> {
  const body = await call(context, 'DELETE', 'api/visitor').catch((error: VisitorDataError) => {
    if (error.code !== 'no_conversation') throw error
    return { erased: {}, at: new Date().toISOString() }
  })
  // A 2xx: the backend erased the visitor, whatever its body says.
  await forgetVisitor(context)
  const receipt = parseErasureReceipt(body)
  if (!receipt)
    throw new VisitorDataError('bad_response', 'DELETE /api/visitor returned an unreadable body')
  return receipt
}
