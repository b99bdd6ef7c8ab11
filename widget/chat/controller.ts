import { splitText } from '../../shared/text'
import type {
  Contact,
  ConversationEntry,
  IdentifiedUser,
  StreamEvent,
} from '../../shared/widget-api'
import { CHAT_STRINGS } from '../i18n/chat-strings'
import type { WidgetContext } from '../loader/context'
import { isApiError } from '../protocol/api-error'
import { isHttpUrl } from '../protocol/http-url'
import { request } from '../protocol/request'
import { observable } from '../state/observable'
import { createAttention } from './attention'
import { belongsTo, createClientId } from './client-id'
import { type ConversationLog, emptyLog, mergeEntries, parseLog } from './conversation-log'
import { openEventStream } from './event-stream'
import { mergeOutbox, type OutboxItem, parseOutbox } from './outbox'
import { createOutboxSender } from './outbox-sender'
import { createSession } from './session'
import { createTabSync, type TabMessage } from './tab-sync'
import { createTypingSender } from './typing-sender'

export const AGENT_TYPING_TIMEOUT_MS = 30_000

export interface ChatState {
  log: ConversationLog
  outbox: OutboxItem[]
  /** Set while an agent types (hidden on typeout, on a message, or after 30 s). */
  agentTyping: { name?: string } | undefined
  /** The live stream is open. */
  connected: boolean
  contact: Contact
}

const IDENTITY_HASH = /^[0-9a-f]{64}$/i

/**
 * The conversation's logic, apart from rendering: session, live stream with replay,
 * the persistent outbox with retries, typing, unread count and tab sync.
 *
 * Longer than most files on purpose: this one closure owns the conversation state, so
 * every change to it is visible in one place. The parts that stand alone live beside
 * it (outbox-sender, session, event-stream, typing-sender, tab-sync, attention).
 */
export function createChatController(context: WidgetContext) {
  const { base, storage, ui, emitter, settings } = context
  const session = createSession({ base, fetch: context.fetch, storage })
  const state = observable<ChatState>({
    log: emptyLog(),
    outbox: [],
    agentTyping: undefined,
    connected: false,
    contact: {},
  })
  const attention = createAttention(
    `porthole-sound:${base}`,
    CHAT_STRINGS[settings.lang].newMessageTitle,
  )
  const tabs = createTabSync(context.channelName, (message) => void onTabMessage(message))
  let stream: ReturnType<typeof openEventStream> | undefined
  let typingTimer: ReturnType<typeof setTimeout> | undefined
  let destroyed = false
  let unsubscribeUi: (() => void) | undefined
  let refusals = 0

  const saveLog = (log: ConversationLog): void => {
    state.set({ log })
    void storage.set('log', log)
  }
  const saveOutbox = (outbox: OutboxItem[], broadcast = true): void => {
    state.set({ outbox })
    void storage.set('outbox', outbox)
    if (broadcast) tabs.post({ kind: 'outbox' })
  }
  const setUnread = (unread: number): void => {
    ui.set({ unread })
    void storage.set('unread', unread)
  }
  const isSeen = (): boolean => ui.get().open && !document.hidden
  const markRead = (): void => {
    if (!isSeen() || ui.get().unread === 0) return
    setUnread(0)
    tabs.post({ kind: 'read' })
  }

  function addEntries(incoming: ConversationEntry[], lastEventId?: string): void {
    const log = state.get().log
    const { entries, added } = mergeEntries(log.entries, incoming)
    if (added.length === 0 && (lastEventId === undefined || lastEventId === log.lastEventId)) return
    const outbox = state.get().outbox
    const remaining = outbox.filter(
      (item) => !added.some((entry) => belongsTo(entry.clientId, item.id)),
    )
    if (remaining.length !== outbox.length) saveOutbox(remaining, false)
    saveLog({ ...log, entries, lastEventId: lastEventId ?? log.lastEventId })
    const replies = added.filter((entry) => entry.author !== 'visitor')
    if (replies.length === 0) return
    clearTimeout(typingTimer)
    state.set({ agentTyping: undefined })
    for (const entry of replies) emitter.emit('message', entry)
    if (!isSeen()) {
      setUnread(ui.get().unread + replies.length)
      attention.notify(settings.sound)
    }
  }

  function onEvent(event: StreamEvent, id: string): void {
    switch (event.event) {
      case 'message':
        addEntries([event.data], id || event.data.id)
        break
      case 'typing':
        clearTimeout(typingTimer)
        if (!event.data.typing) {
          state.set({ agentTyping: undefined })
          break
        }
        state.set({ agentTyping: event.data.name === undefined ? {} : { name: event.data.name } })
        typingTimer = setTimeout(
          () => state.set({ agentTyping: undefined }),
          AGENT_TYPING_TIMEOUT_MS,
        )
        break
      case 'status':
        ui.set({ online: event.data.online })
        break
      case 'delivery': {
        const { clientId, state: delivery, error } = event.data
        const log = state.get().log
        saveLog({
          ...log,
          delivery: {
            ...log.delivery,
            [clientId]: error ? { state: delivery, error } : { state: delivery },
          },
        })
        if (delivery === 'failed')
          emitter.emit('error', {
            code: 'delivery_failed',
            message: error ?? 'A message could not be delivered',
          })
      }
    }
  }

  const streamUrl = (): string => {
    const token = encodeURIComponent(session.current()?.token ?? '')
    const last = state.get().log.lastEventId
    return `${base}api/events?token=${token}${last ? `&lastEventId=${encodeURIComponent(last)}` : ''}`
  }

  async function connect(attempt = 0): Promise<void> {
    if (destroyed) return
    try {
      const had = session.current()
      await session.ensure()
      if (!had) tabs.post({ kind: 'session' })
    } catch {
      // No session yet (the backend is unreachable): try again, backing off.
      setTimeout(() => void connect(attempt + 1), Math.min(30_000, 1000 * 2 ** attempt))
      return
    }
    if (destroyed) return
    stream?.close()
    stream = openEventStream({
      EventSource: context.EventSource,
      url: streamUrl,
      onEvent,
      onOpenChange: (connected) => {
        if (connected) refusals = 0
        state.set({ connected })
      },
      onClosed: async () => {
        const before = session.current()?.token
        const after = await session.check()
        // A new visitor, or a replay id the server refuses twice (its store was reset):
        // resume from the start; entries already shown are deduplicated by id.
        if (after.token !== before || ++refusals >= 2) {
          saveLog({ ...state.get().log, lastEventId: undefined })
        }
      },
    })
    void flush()
  }

  async function renewSession(): Promise<void> {
    await session.renew()
    saveLog({ ...state.get().log, lastEventId: undefined })
    tabs.post({ kind: 'session' })
    stream?.restart()
  }

  const sender = createOutboxSender({
    post: async (item) => {
      const { token } = await session.ensure()
      const body = {
        id: item.id,
        type: 'text',
        text: item.text,
        url: item.url,
        invite: item.invite,
      }
      return request(context.fetch, `${base}api/messages`, { method: 'POST', token, body })
    },
    next: () => state.get().outbox.find((queued) => queued.state === 'queued'),
    accepted: (item, response) => {
      saveOutbox(state.get().outbox.filter((queued) => queued.id !== item.id))
      if (response.delivery !== 'sent') {
        const log = state.get().log
        const delivery = { ...log.delivery }
        // A delivery event may have overtaken this answer; it is the newer news.
        for (const entry of response.entries) {
          const key = entry.clientId ?? item.id
          if (!(key in delivery)) delivery[key] = { state: response.delivery }
        }
        saveLog({ ...log, delivery })
      }
      addEntries(response.entries)
      for (const entry of response.entries) emitter.emit('sent', entry)
    },
    refused: (item, error) => {
      const outbox = state.get().outbox
      saveOutbox(
        outbox.map((queued) =>
          queued.id === item.id ? { ...queued, state: 'failed', error: error.message } : queued,
        ),
      )
      emitter.emit('error', { code: error.code, message: error.message })
    },
    renewSession,
  })
  const flush = sender.flush

  const typing = createTypingSender((type) => {
    const token = session.current()?.token
    if (!token) return
    // Typing is a momentary hint: a lost one is not worth a retry or an error.
    request(context.fetch, `${base}api/messages`, {
      method: 'POST',
      token,
      body: { id: createClientId(), type },
    }).catch(() => {})
  })

  function send(text: string): void {
    const parts = splitText(text.trim()).filter((part) => part.trim())
    if (parts.length === 0) return
    const { inviteAnswer } = ui.get()
    const url = isHttpUrl(location.href) ? location.href : undefined
    const items = parts.map((part, index): OutboxItem => {
      const item: OutboxItem = { id: createClientId(), text: part, at: Date.now(), state: 'queued' }
      if (url) item.url = url
      if (index === 0 && inviteAnswer) item.invite = inviteAnswer
      return item
    })
    if (inviteAnswer) {
      ui.set({ inviteAnswer: undefined })
      void storage.del('invite-answer')
      saveLog({ ...state.get().log, invite: inviteAnswer })
    }
    typing.stop()
    saveOutbox([...state.get().outbox, ...items])
    void flush()
  }

  /** Sends a failed message again under a new id (the refused id is spent). */
  function retry(id: string): void {
    const item = state.get().outbox.find((queued) => queued.id === id)
    if (item) {
      const again: OutboxItem = { ...item, id: createClientId(), state: 'queued' }
      delete again.error
      saveOutbox(state.get().outbox.map((queued) => (queued.id === id ? again : queued)))
    } else {
      const log = state.get().log
      const entry = log.entries.find((candidate) => candidate.clientId === id)
      if (entry?.content.type !== 'text') return
      const delivery = { ...log.delivery }
      delete delivery[id]
      saveLog({ ...log, entries: log.entries.filter((candidate) => candidate !== entry), delivery })
      const again: OutboxItem = {
        id: createClientId(),
        text: entry.content.text,
        at: Date.now(),
        state: 'queued',
      }
      saveOutbox([...state.get().outbox, again])
    }
    void flush()
  }

  function resetConversation(): void {
    saveLog(emptyLog())
    saveOutbox([], false)
    setUnread(0)
  }

  async function onTabMessage(message: TabMessage): Promise<void> {
    if (message.kind === 'read') return ui.set({ unread: 0 })
    if (message.kind === 'outbox') {
      const theirs = parseOutbox(await storage.get('outbox'))
      const confirmed = (item: OutboxItem) =>
        state.get().log.entries.some((entry) => belongsTo(entry.clientId, item.id))
      state.set({
        outbox: mergeOutbox(state.get().outbox, theirs).filter((item) => !confirmed(item)),
      })
      return flush()
    }
    if (message.kind === 'clear') {
      stream?.close()
      stream = undefined
      state.set({ log: emptyLog(), outbox: [] })
      ui.set({ unread: 0 })
      return
    }
    const before = session.current()
    const after = await session.load()
    if (!after || after.token === before?.token) return
    if (after.visitorId !== before?.visitorId)
      state.set({ log: parseLog(await storage.get('log')) })
    state.set({ contact: after.contact })
    if (stream) stream.restart()
    else void connect()
  }

  const onVisible = (): void => markRead()
  const onOnline = (): void => void sender.flushNow()

  return {
    state,
    send,
    retry,
    typing,
    markRead,
    async init(): Promise<void> {
      const [stored, log, outbox] = await Promise.all([
        session.load(),
        storage.get('log'),
        storage.get('outbox'),
      ])
      state.set({ log: parseLog(log), outbox: parseOutbox(outbox), contact: stored?.contact ?? {} })
      unsubscribeUi = ui.subscribe(() => markRead())
      document.addEventListener('visibilitychange', onVisible)
      window.addEventListener('online', onOnline)
      markRead()
      void connect()
    },
    async setContact(contact: Contact): Promise<void> {
      const updated = await session.setContact(contact)
      state.set({ contact: updated.contact })
      tabs.post({ kind: 'session' })
    },
    async identify(user: IdentifiedUser): Promise<void> {
      if (
        typeof user?.id !== 'string' ||
        !user.id ||
        typeof user.hash !== 'string' ||
        !IDENTITY_HASH.test(user.hash)
      ) {
        throw new TypeError(
          'Porthole.identify expects {id, hash} where hash is the hex HMAC-SHA256 of id with your IDENTITY_SECRET',
        )
      }
      const before = session.current()?.visitorId
      try {
        const updated = await session.identify(user)
        state.set({ contact: updated.contact })
        if (updated.visitorId !== before) saveLog(emptyLog())
      } catch (error) {
        const message = `Identity verification failed: ${error instanceof Error ? error.message : String(error)}`
        emitter.emit('error', { code: isApiError(error) ? error.code : 'identify_failed', message })
        console.error(`Porthole: ${message}`)
        throw error
      }
      tabs.post({ kind: 'session' })
      if (stream) stream.restart()
      else void connect()
    },
    async clearHistory(): Promise<void> {
      stream?.close()
      stream = undefined
      await session.clear()
      resetConversation()
      ui.set({ inviteAnswer: undefined })
      await Promise.all(
        (['log', 'outbox', 'unread', 'invite-answer'] as const).map((key) => storage.del(key)),
      )
      tabs.post({ kind: 'clear' })
      await connect()
    },
    destroy(): void {
      destroyed = true
      unsubscribeUi?.()
      stream?.close()
      sender.stop()
      clearTimeout(typingTimer)
      typing.stop()
      attention.destroy()
      tabs.close()
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('online', onOnline)
    },
  }
}
export type ChatController = ReturnType<typeof createChatController>
