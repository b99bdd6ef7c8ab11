import type { ResumeNotes } from '../i18n/translation'
import { translated } from '../i18n/translations'
import type { WidgetContext } from '../loader/context'
import { parseSessionResponse } from '../protocol/chat-bodies'
import { isRecord, isString } from '../protocol/read'
import { request } from '../protocol/request'
import type { ChatController } from './controller'

// An e-mail's resume link (GET /r/<token> → #porthole-resume=<token>): a chunk of its own,
// fetched only by the page a link opened. The chat chunk (start-chat.tsx) has already
// taken the token out of the address bar; the conversation starts after this, with the
// session it leaves in storage.

/** The note over the conversation when the link opened nothing, per the backend's `resumed`. */
const EN_NOTES: ResumeNotes = {
  expired: 'This link has expired — here is a new conversation',
  kept: 'This link has expired',
  identify: 'Sign in on this site to continue that conversation',
}

/**
 * Exchanges the link's token (POST /api/session {resume}, with this device's token, which
 * the backend keeps when the link opens nothing) and stores the session it answers. Another
 * visitor's session replaces this device's: the previous conversation is forgotten here
 * (and in the other tabs), so nothing of it shows, nor goes out in the new one's name.
 */
export async function resume(
  context: WidgetContext,
  controller: ChatController,
  token: string,
): Promise<void> {
  const { storage, emitter } = context
  const notes = translated(context.settings.lang)?.resume ?? EN_NOTES
  try {
    const stored = parseSessionResponse(await storage.get('session'))
    const answer = await request(context.fetch, `${context.base}api/session`, {
      method: 'POST',
      body: { resume: token, token: stored?.token },
    })
    const session = parseSessionResponse(answer)
    if (!session) throw new Error('POST /api/session returned an unreadable body')
    const resumed = isRecord(answer) ? answer.resumed : undefined
    const changed = session.visitorId !== stored?.visitorId
    const tabs =
      typeof BroadcastChannel === 'undefined'
        ? undefined
        : new BroadcastChannel(context.channelName)
    if (changed) {
      const meta = await storage.get('conversation')
      const ids = isRecord(meta) && Array.isArray(meta.ids) ? meta.ids.filter(isString) : []
      await storage.write(
        [],
        [
          'conversation',
          'outbox',
          'log',
          'unread',
          'invite-answer',
          ...ids.map((id) => `entry:${id}` as const),
        ],
      )
      context.ui.set({ unread: 0, inviteAnswer: undefined })
      tabs?.postMessage({ kind: 'clear' })
    }
    await storage.set('session', session)
    tabs?.postMessage({ kind: 'session' })
    tabs?.close()
    if (resumed !== 'ok')
      controller.state.set({
        note: resumed === 'identify' ? notes.identify : changed ? notes.expired : notes.kept,
      })
  } catch (error) {
    // No answer (offline, the backend down): the chat starts as it would have; the link
    // can be opened again.
    emitter.emit('error', {
      code: 'resume_failed',
      message: `The conversation from the link could not be opened: ${String(error)}`,
    })
  }
}
