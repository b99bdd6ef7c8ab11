import type { Contact } from '../../../shared/widget-api'
import type { WidgetContext } from '../../loader/context'
import { isApiError, unreadable } from '../../protocol/api-error'
import { compareEntryIds } from '../../protocol/entry-id'
import { parseStreamTicket } from '../../protocol/history-bodies'
import { type RequestOptions, request } from '../../protocol/request'
import { endSlot } from '../ended/end-slot'
import type { ConversationEvent } from '../model/conversation'
import { unreadReplies } from '../model/unread'
import type { EngineShared } from '../window/chat-window-state'
import { createCatchUp } from './catch-up'
import { conversationNews } from './conversation-news'
import { createCustomerMessages } from './customer-messages'
import { earlierPages } from './earlier-pages'
import { openEventStream } from './event-stream'
import { persisted } from './persisted'
import { createReadSync } from './read-sync'
import { createSession } from './session'
import { createStreamEvents } from './stream-events'
import { createTabSync, type TabMessage } from './tab-sync'

export { MessageList } from '../components/MessageList'

const noop = (): void => {}

/**
 * The conversation's effects around the pure reducer (conversation.ts): session, live
 * stream with catch-up, outbox sender, earlier pages, the read marker, typing, unread
 * count, tab sync. State changes only through `dispatch`. A chunk of its own, started by
 * the chat window (controller.ts) when there is a conversation to show or the visitor
 * starts one.
 */
export function createEngine(context: WidgetContext, shared: EngineShared) {
  const { state, link, attention, draft } = shared
  const { base, storage, ui } = context
  Object.assign(endSlot, { context, state })
  const tabs = createTabSync(context.channelName, (message) => void onTabMessage(message))
  const session = createSession({
    base,
    fetch: context.fetch,
    storage,
    onNew: () => {
      tabs.post({ kind: 'session' })
      dispatch({ type: 'history', before: undefined, entries: [] })
    },
  })
  const conversation = persisted({
    storage,
    announce: () => tabs.post({ kind: 'sync' }),
    onChange: (next, previous, event) => {
      state.set({ conversation: next })
      news(next, previous, event)
      markRead()
      showUnread()
    },
  })
  const dispatch = (event: ConversationEvent): void => conversation.dispatch(event)
  const isSeen = (): boolean => ui.get().open && !document.hidden
  const news = conversationNews(context, attention, isSeen, () => events.showTyping(undefined))
  // The SSE id of a message event is its entry's id: the last one is the replay point.
  const catchUp = createCatchUp((entries) =>
    dispatch({ type: 'entries', entries, lastEventId: entries.at(-1)?.id }),
  )
  const events = createStreamEvents(
    context,
    dispatch,
    catchUp,
    (agentTyping) => state.set({ agentTyping }),
    (contact) => state.set({ contact }),
    (clientId) => conversation.get().delivery[clientId],
  )
  let stream: ReturnType<typeof openEventStream> | undefined
  let destroyed = false
  let refusals = 0
  let unsubscribeUi: (() => void) | undefined

  /** A call with the visitor's token. */
  async function call(path: string, options: RequestOptions = {}): Promise<unknown> {
    const { token } = await session.ensure()
    return request(context.fetch, `${base}${path}`, { ...options, token })
  }

  const readSync = createReadSync(
    (upTo) => call('api/read', { method: 'POST', body: { upTo } }),
    (upTo) => dispatch({ type: 'read', upTo }),
  )

  /** The customer sees the chat: the newest entry is read, here and on every device. */
  function markRead(): void {
    const { entries, readUpTo } = conversation.get()
    const newest = entries.at(-1)
    if (isSeen() && newest && !(readUpTo && compareEntryIds(newest.id, readUpTo) <= 0))
      readSync.mark(newest.id)
  }

  function showUnread(): void {
    const unread = isSeen() ? 0 : unreadReplies(conversation.get()).length
    if (unread === ui.get().unread) return
    ui.set({ unread })
    void storage.set('unread', unread)
  }

  /**
   * Another log from now on (a new visitor, an identified user): replay its newest page.
   * One signed out everywhere forgets it (what it had not sent goes back in the box).
   */
  function restartConversation(): void {
    catchUp.clear()
    if (session.signedOut()) {
      const unsent = conversation.get().outbox.map((item) => item.text)
      void forgetConversation()
      const shown = { state, draft }
      void import('./resume').then((module) => module.signedOut(context, shown, unsent), noop)
    } else dispatch({ type: 'restart' })
  }

  /** The conversation, the unread count and the answered invitation: gone from this device. */
  function forgetConversation(): Promise<void> {
    conversation.forget()
    ui.set({ inviteAnswer: undefined, unread: 0 })
    return storage.write([], ['unread', 'invite-answer'])
  }

  /**
   * The token was refused: renewed with the backend; the conversation goes only when
   * the backend refused the credential itself and a new visitor began (a user is
   * verified again and stays who they were).
   */
  async function renewSession(reconnect = true): Promise<void> {
    const before = session.current()?.visitorId
    const after = await session.renew()
    tabs.post({ kind: 'session' })
    if (after.visitorId === before) return
    restartConversation()
    if (reconnect) stream?.restart()
  }

  /** A fresh ticket for the stream (credentials never travel in URLs). */
  async function streamUrl(): Promise<string> {
    let body: unknown
    try {
      body = await call('api/events/ticket', { method: 'POST' })
    } catch (error) {
      // A refused token: a new session, and the stream tries again with it.
      if (isApiError(error) && error.status === 401) await renewSession(false)
      throw error
    }
    const ticket = parseStreamTicket(body)
    if (!ticket) throw unreadable('POST /api/events/ticket')
    const last = conversation.get().lastEventId
    return `${base}api/events?ticket=${encodeURIComponent(ticket.ticket)}${last ? `&lastEventId=${encodeURIComponent(last)}` : ''}`
  }

  const reconnect = (): void => (stream ? stream.restart() : connect())

  /**
   * A new visitor from now on (the history cleared here, or the session ended in another
   * tab): the stream, the session, the conversation, the unread count and the answered
   * invitation of the previous one are forgotten, and a new session's stream opens.
   */
  async function startOver(): Promise<void> {
    disconnect()
    await session.clear()
    await forgetConversation()
    connect()
  }

  /** No live stream, nothing waiting to be applied, no read mark pending (a cleared history). */
  function disconnect(): void {
    stream?.close()
    stream = undefined
    catchUp.clear()
    readSync.stop()
  }

  function connect(): void {
    if (destroyed) return
    stream?.close()
    stream = openEventStream({
      EventSource: context.EventSource,
      url: streamUrl,
      onEvent: events.onEvent,
      onLink: link.stream,
      onClosed: async (opened) => {
        const before = session.current()?.visitorId
        const after = await session.check()
        if (opened) refusals = 0
        // Another visitor, or a stream refused twice without ever opening (a replay id
        // the server does not know after its store was reset): start from its newest page.
        if (after.visitorId !== before || (!opened && ++refusals >= 2)) {
          refusals = 0
          restartConversation()
        }
      },
    })
    void sender.flush()
  }

  const { sender, typing, send, sendFile, adopt, retry, sendNow } = createCustomerMessages(
    context,
    conversation,
    call,
    renewSession,
  )

  const loadEarlier = earlierPages(conversation, state, call, dispatch)

  async function onTabMessage(message: TabMessage): Promise<void> {
    if (message.kind === 'sync') {
      await conversation.sync()
      return sender.flush()
    }
    if (message.kind === 'clear') {
      disconnect()
      conversation.forget()
      return
    }
    // The visitor's session ended on this device (another tab's Porthole.shutdown()).
    if (message.kind === 'ended') return startOver()
    const before = session.current()
    const after = await session.load()
    if (!after || after.token === before?.token) return
    state.set({ contact: after.contact })
    if (after.visitorId !== before?.visitorId) restartConversation()
    reconnect()
  }

  const onSeen = (): void => {
    // A visitor who leaves the tab mid-word is no longer typing: say so now, or the
    // agents see "typing…" until something else clears it (pagehide: the tab closed).
    if (document.visibilityState === 'hidden') onLeave()
    markRead()
    showUnread()
  }
  const onOnline = (): void => void sender.flushNow()
  /** The page may be going away: no more typing, and a write waiting for a retry goes now. */
  const onLeave = (): void => {
    typing.stop()
    conversation.flush()
  }

  return {
    send,
    sendFile,
    adopt,
    /** The visitor's session (the attachments chunk uploads with its token) and its renewal after a 401. */
    session,
    renewSession,
    retry,
    sendNow,
    loadEarlier,
    typing,
    async init(): Promise<void> {
      const [stored] = await Promise.all([session.load(), conversation.load()])
      state.set({ contact: stored?.contact ?? {} })
      unsubscribeUi = ui.subscribe(onSeen)
      document.addEventListener('visibilitychange', onSeen)
      window.addEventListener('pagehide', onLeave)
      window.addEventListener('online', onOnline)
      onSeen()
      // Until now no stream was expected (a new visitor): the header says "Connecting…" if
      // this one takes long.
      link.stream(false)
      connect()
      // The reply sound's chunk (and its tab lock) once there is a conversation to hear.
      setTimeout(() => destroyed || attention.run(noop))
    },
    async setContact(contact: Contact): Promise<void> {
      const updated = await session.setContact(contact)
      state.set({ contact: updated.contact })
      tabs.post({ kind: 'session' })
    },
    /** What the page API's chunk (page-api.ts) works with. */
    internals: {
      context,
      session,
      state,
      tabs,
      restartConversation,
      reconnect,
      startOver,
      dispatch,
    },
    destroy(): void {
      destroyed = true
      unsubscribeUi?.()
      stream?.close()
      sender.stop()
      readSync.stop()
      catchUp.clear()
      events.showTyping(undefined)
      typing.stop()
      tabs.close()
      document.removeEventListener('visibilitychange', onSeen)
      window.removeEventListener('pagehide', onLeave)
      window.removeEventListener('online', onOnline)
    },
  }
}
export type Engine = ReturnType<typeof createEngine>
