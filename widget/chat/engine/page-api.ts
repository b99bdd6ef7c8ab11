import { invalidContactField } from '../../../shared/contact-rules'
import { MAX_MESSAGE_LENGTH } from '../../../shared/text'
import type { IdentifiedUser } from '../../../shared/widget-api'
import { parseContact } from '../../protocol/api-bodies'
import { isApiError } from '../../protocol/api-error'
import { request } from '../../protocol/request'
import type { ChatController } from '../window/controller'

// The page's calls into the chat (Porthole.sendMessage, setContact, identify,
// clearHistory): a chunk of their own, fetched at the first such call, since the
// first open of the chat runs none of them.

const IDENTITY_HASH = /^[0-9a-f]{64}$/i

export async function sendMessage(controller: ChatController, text: unknown): Promise<void> {
  if (typeof text !== 'string' || !text.trim() || text.length > MAX_MESSAGE_LENGTH) {
    throw new TypeError(
      `Porthole.sendMessage expects a non-empty text of at most ${MAX_MESSAGE_LENGTH} characters`,
    )
  }
  controller.send(text)
}

export async function setContact(controller: ChatController, contact: unknown): Promise<void> {
  const parsed = parseContact(contact)
  if (!parsed) {
    throw new TypeError('Porthole.setContact expects {name?, email?, phone?} with string values')
  }
  const invalid = invalidContactField(parsed)
  if (invalid) {
    const rule = invalid === 'email' ? 'an e-mail address' : 'a phone number (digits, +, -, (, ))'
    throw new TypeError(`Porthole.setContact: ${invalid} must be ${rule}, not ${parsed[invalid]}`)
  }
  await controller.setContact(parsed)
}

/** Identity verification: the backend checks the hash and merges the guest's conversation. */
export async function identify(controller: ChatController, user: IdentifiedUser): Promise<void> {
  if (!user?.id || typeof user.id !== 'string' || !IDENTITY_HASH.test(String(user.hash))) {
    throw new TypeError(
      'Porthole.identify expects {id, hash} where hash is the hex HMAC-SHA256 of id with your IDENTITY_SECRET',
    )
  }
  const { session, state, tabs, restartConversation, reconnect, dispatch, context } = (
    await controller.engine()
  ).internals
  const current = session.current()
  const before = current?.visitorId
  // The same verified user on their next page, with nothing new to tell: no new session
  // (each counts against the per-address session limit) and no second stream.
  if (
    before === `user:${user.id}` &&
    (['name', 'email', 'phone'] as const).every(
      (key) => user[key] === undefined || user[key] === current?.contact[key],
    )
  ) {
    state.set({ note: undefined })
    return
  }
  try {
    const updated = await session.identify(user)
    // The site identified the visitor: a resume link's note (resume.ts) has had its answer.
    state.set({ contact: updated.contact, note: undefined })
    if (updated.visitorId !== before) {
      // Another verified user (an account switched without a logout): nothing of the
      // previous one stays on this device, nor goes out in the new one's name.
      if (before?.startsWith('user:')) {
        dispatch({ type: 'reset' })
        controller.draft.set('')
        tabs.post({ kind: 'clear' })
      }
      // A guest's conversation was merged into the user's: what is shown stays until
      // its copies arrive from the user's log.
      restartConversation()
    }
  } catch (error) {
    const message = `Identity verification failed: ${error instanceof Error ? error.message : String(error)}`
    context.emitter.emit('error', {
      code: isApiError(error) ? error.code : 'identify_failed',
      message,
    })
    throw error
  }
  tabs.post({ kind: 'session' })
  reconnect()
}

/** Forgets the conversation on this device and revokes its credential everywhere. */
export async function clearHistory(controller: ChatController): Promise<void> {
  const { session, tabs, startOver, context } = (await controller.engine()).internals
  const token = session.current()?.token
  // The credential is revoked on every device first; one already refused is gone anyway.
  if (token)
    await request(context.fetch, `${context.base}api/session`, { method: 'DELETE', token }).catch(
      (error: unknown) => {
        if (!isApiError(error) || error.status !== 401) throw error
      },
    )
  // The other tabs forget it too: told before this one's new session (theirs follows it).
  tabs.post({ kind: 'clear' })
  controller.draft.set('')
  await startOver()
}
