import { h } from 'preact'
import type { SessionResponse } from '../../../shared/widget-api'
import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'
import { parseSessionResponse } from '../../protocol/chat-bodies'
import { isRecord, isString } from '../../protocol/read'
import { request } from '../../protocol/request'
import { ResumePrompt } from '../components/ResumePrompt'
import type { ChatController } from '../window/controller'
import { EN_RESUME_NOTES } from './resume-strings'

// An e-mail's resume link (GET /r/<token> → #porthole-resume=<token>): a chunk of its own,
// fetched only by the page a link opened. The chat chunk (start-chat.tsx) has already
// taken the token out of the address bar. A device without a conversation exchanges the
// link at once, before its conversation starts; a device with one asks the visitor first
// (a link someone else sent must not take the conversation over unnoticed), and the
// exchange, if they say yes, switches the running conversation as another tab would.

/**
 * Exchanges the link's token now, or once the visitor agrees to replace this device's
 * conversation; resolves when the conversation may start.
 */
export async function resume(
  context: WidgetContext,
  controller: ChatController,
  token: string,
): Promise<void> {
  const notes = translated(context.settings.lang)?.resume ?? EN_RESUME_NOTES
  const stored = parseSessionResponse(await context.storage.get('session'))
  // Nothing to lose here: no conversation, the link's own, or a signed-in user's (which
  // the backend never replaces with a guest's link: it answers `signed_in`).
  const own = stored?.visitorId
  if (
    !own ||
    own === linkVisitor(token) ||
    own.startsWith('user:') ||
    !(await hasMessages(context))
  )
    return exchange(context, controller, token, stored)
  const done = () => controller.state.set({ prompt: undefined })
  controller.state.set({
    prompt: h(ResumePrompt, {
      notes,
      onKeep: done,
      onYes: () => {
        done()
        void exchange(context, controller, token, stored)
      },
    }),
  })
}

/**
 * The note of a device signed out everywhere (engine.ts: another browser took the
 * conversation over with its e-mail link, or ended it): here, as it is rare.
 */
export function signedOut(
  context: WidgetContext,
  controller: Pick<ChatController, 'state' | 'draft'>,
  unsent: (string | undefined)[] = [],
): void {
  const notes = translated(context.settings.lang)?.resume ?? EN_RESUME_NOTES
  controller.state.set({ note: notes.signedOut })
  // What the backend had not accepted goes back in the message box, after the draft (read
  // first, it stays first), for the visitor to send: nothing they wrote is lost, and
  // nothing goes out in a new visitor's name unasked. An attachment cannot go in a box.
  const { draft } = controller
  void draft.loaded().then(() => draft.set([draft.get(), ...unsent].filter(Boolean).join('\n\n')))
}

/** The visitor id a link names (its second part), to tell this device's own link; unchecked. */
function linkVisitor(token: string): string | undefined {
  try {
    return atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return undefined
  }
}

async function hasMessages({ storage }: WidgetContext): Promise<boolean> {
  const meta = await storage.get('conversation')
  return isRecord(meta) && Array.isArray(meta.ids) && meta.ids.length > 0
}

/** This browser's random id, the same in every tab and every try (a retry is no second device). */
async function deviceId({ storage }: WidgetContext): Promise<string> {
  const stored = await storage.get('device')
  if (isString(stored)) return stored
  // 128 random bits (unguessable: with the link, it would let a retry in); not client-id.ts,
  // which lives in the engine's chunk.
  const id = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) =>
    n.toString(36).padStart(7, '0'),
  ).join('')
  await storage.set('device', id)
  return id
}

/**
 * POST /api/session {resume, token, device} (the device's token is kept when the link
 * opens nothing) and stores the session it answers. Another visitor's session replaces
 * this device's: the previous conversation is forgotten here (and in the other tabs), so
 * nothing of it shows, nor goes out in the new one's name.
 */
async function exchange(
  context: WidgetContext,
  controller: ChatController,
  token: string,
  stored: SessionResponse | undefined,
): Promise<void> {
  const { storage, emitter } = context
  const notes = translated(context.settings.lang)?.resume ?? EN_RESUME_NOTES
  try {
    const answer = await request(context.fetch, `${context.base}api/session`, {
      method: 'POST',
      body: { resume: token, token: stored?.token, device: await deviceId(context) },
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
    const note =
      resumed === 'ok'
        ? undefined
        : resumed === 'identify'
          ? notes.identify
          : resumed === 'used'
            ? notes.used
            : resumed === 'signed_in'
              ? notes.signedIn
              : changed
                ? notes.expired
                : notes.kept
    if (note) controller.state.set({ note })
  } catch (error) {
    // No answer (offline, the backend down): the chat starts as it would have; the link
    // can be opened again (a retry from this browser is answered as the first try).
    emitter.emit('error', {
      code: 'resume_failed',
      message: `The conversation from the link could not be opened: ${String(error)}`,
    })
  }
}
