import type { Contact, EntryContent } from '../../../shared/widget-api'
import type { WindowStrings } from '../../i18n/chat-strings'
import type { WidgetContext } from '../../loader/context'
import { type Observable, observable } from '../../state/observable'
import type { StoreKey } from '../../storage/key-value-store'
import { ConversationLog, IntroLog } from '../components/conversation-log'
import type { Engine } from '../engine/engine'
import { later, onDemand } from '../engine/on-demand'
import { createMasking } from '../masking/masking'
import { emptyConversation } from '../model/empty-conversation'
import { newMessage, type OutboxItem } from '../model/outbox-item'
import type { ChatWindowState, EngineShared } from './chat-window-state'
import { watchLink } from './connection'
import { createDraft } from './draft'
import { saveMuted } from './muted'

/** What a visitor who has talked here before left in the browser (engine.ts reads it). */
const STORED: StoreKey[] = ['session', 'conversation', 'outbox']

/** A start that could not fetch the engine (offline) is tried again this much later. */
const RETRY_MS = 3000

/**
 * The chat window's side of the conversation: its state, draft, mute and connection
 * line, and the engine (engine.ts: session, live stream, outbox, history) as a chunk of
 * its own. A visitor with a conversation here (a session, a stored log or outbox) gets
 * the engine at once; a new visitor's first open fetches and starts nothing more until
 * they start the conversation (the first key or input in the message box, a send, an
 * attachment, a page API call, or another tab's news). Calls made while it loads run
 * once it has started, in order.
 */
export function createChatController(context: WidgetContext, strings: WindowStrings) {
  const { base, storage } = context
  const state: Observable<ChatWindowState> = observable<ChatWindowState>({
    conversation: emptyConversation(),
    agentTyping: undefined,
    contact: {},
    history: 'idle',
    link: 'ok',
  })
  // No stream is expected before the engine starts (it reports its own from then on).
  const link = watchLink((next) => state.set({ link: next }), true)
  // The reply sound and the hidden tab's title: their chunk is fetched when the engine
  // starts (so the sound's tab lock is held); the mute toggle works without it.
  const mute = observable({ muted: false })
  const attention: EngineShared['attention'] = later(() =>
    import('./attention').then(({ createAttention }) =>
      createAttention(`porthole-sound:${base}`, strings.newMessageTitle, storage, mute),
    ),
  )
  // Card numbers, IBANs and the site's own patterns are hidden before anything is shown,
  // stored or sent: the draft, the visitor's bubble, the outbox.
  const masking = createMasking(context)
  const draft = createDraft(storage, masking)
  let destroyed = false
  let started: Engine | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  // A conversation to show or a message waiting: the engine is fetched until it arrives.
  let needed = false
  // Messages sent before the engine ran: shown as waiting, stored (a reload or a crash
  // loses none: the next page's engine sends them), handed to the engine when it starts.
  const waiting: OutboxItem[] = []
  // The outbox this page found stored (read by init) and every message it stored since:
  // a waiting message is written with them in one write begun at once (a page closed
  // right after Enter keeps it), not after a read that the closing page may not see end.
  let storedOutbox: unknown[] | undefined
  // Another tab's news (a session, a conversation) starts this tab's engine too.
  const tabs =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(context.channelName)
  // Not another tab's shutdown: this window holds nothing of that visitor.
  if (tabs) tabs.onmessage = (event) => event.data?.kind === 'ended' || keepStarting()

  const engine = onDemand(async (): Promise<Engine> => {
    const [{ createEngine }] = await Promise.all([
      import('../engine/engine'),
      ConversationLog.preload(),
      // The engine's chunk imports the bubbles' from the first frame's log: both at once.
      IntroLog.preload(),
    ])
    const made = createEngine(context, { state, link, attention, draft })
    tabs?.close()
    try {
      await made.init()
    } catch (error) {
      // Its listeners go with it; the next start makes a new one.
      made.destroy()
      throw error
    }
    made.adopt(waiting.splice(0))
    if (destroyed) made.destroy()
    else started = made
    return made
  })
  /** Starts the engine; a chunk that could not be fetched (offline) is tried again. */
  function keepStarting(): void {
    clearTimeout(retry)
    engine().catch(() => {
      // Again while needed; otherwise at the next key, send or "online".
      if (!destroyed && needed) retry = setTimeout(keepStarting, RETRY_MS)
    })
  }
  const onOnline = (): void => void (started || !needed || keepStarting())
  window.addEventListener('online', onOnline)

  /** A message before the engine runs: shown, stored with the outbox, sent once it starts. */
  function wait(item: OutboxItem): void {
    needed = true
    waiting.push(item)
    const { conversation } = state.get()
    state.set({ conversation: { ...conversation, outbox: [...conversation.outbox, item] } })
    const write = (stored: unknown): Promise<void> => {
      storedOutbox = [...(Array.isArray(stored) ? stored : []), item]
      return storage.set('outbox', storedOutbox)
    }
    void (storedOutbox ? write(storedOutbox) : storage.get('outbox').then(write)).catch(noop)
    keepStarting()
  }

  /** A call on the engine: at once once it runs, else when it has started. */
  const run =
    <A extends unknown[]>(call: (engine: Engine, ...args: A) => unknown) =>
    (...args: A): void =>
      void (started
        ? call(started, ...args)
        : engine().then((loaded) => call(loaded, ...args), noop))

  return {
    state,
    /** The visitor's language's strings. */
    strings,
    draft,
    mute,
    /** The engine, started if it was not (the attachments' and the page API's chunks use it). */
    engine,
    /** Sends a text: through the outbox (stored, shown, retried), the engine's or, before it runs, the waiting one. */
    send(text: string): void {
      masking(text, (masked) => {
        // The note under the message box says what was hidden, until the next message.
        state.set({ masked: masked.note })
        if (started) started.send(masked.text)
        else if (masked.text.trim()) wait(newMessage(context, masked.text.trim()))
      })
    },
    /** Starts the engine ahead of a send (the visitor began typing). */
    start: keepStarting,
    sendFile(fileId: string, content: EntryContent): void {
      if (started) started.sendFile(fileId, content)
      else wait(newMessage(context, '', { fileId, content }))
    },
    retry: run((loaded, id: string) => loaded.retry(id)),
    sendNow: run((loaded, id: string) => loaded.sendNow(id)),
    loadEarlier: run((loaded) => loaded.loadEarlier()),
    /** The visitor types: starts the conversation's engine (typein/typeout once it runs). */
    input: run((loaded, text: string) => loaded.typing.input(text)),
    /** The reply sound's toggle: stored at once, whether its chunk is there yet or not. */
    setMuted: (muted: boolean): void => saveMuted(storage, mute, muted),
    /** The contact details (the page API's, the pre-chat and offline forms'), the name masked as a message is. */
    async setContact(contact: Contact): Promise<void> {
      const { name } = contact
      const masked =
        name === undefined
          ? contact
          : {
              ...contact,
              name: await new Promise<string>((done) => masking(name, (m) => done(m.text))),
            }
      await (await engine()).setContact(masked)
    },
    async init(): Promise<void> {
      // Storage that cannot be read: the window opens as for a new visitor.
      const [muted, ...stored] = await storage
        .getMany(['muted', ...STORED])
        .catch((): unknown[] => [])
      // The header's toggle says it before the reply sound's chunk is there.
      if (muted === true) mute.set({ muted: true })
      if (stored.length > 0) storedOutbox ??= Array.isArray(stored[2]) ? stored[2] : []
      if (stored.some((value) => value !== undefined)) {
        needed = true
        state.set({ starting: true, returning: true })
        // Offline with the chat's code cached but not the engine's: it comes when it can
        // (meanwhile the window shows what the visitor sends, as for a new visitor).
        await engine().catch(keepStarting)
        state.set({ starting: false })
      }
    },
    destroy(): void {
      destroyed = true
      clearTimeout(retry)
      window.removeEventListener('online', onOnline)
      tabs?.close()
      link.stop()
      started?.destroy()
      attention.ifMade((loaded) => loaded.destroy())
    },
  }
}
export type ChatController = ReturnType<typeof createChatController>

const noop = (): void => {}
