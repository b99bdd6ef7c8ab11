import { LOADER_STRINGS } from '../i18n/loader-strings'
import { parsePublicConfig } from '../protocol/public-config'
import { isRecord } from '../protocol/read'
import { createEmitter } from '../state/emitter'
import { observable } from '../state/observable'
import { createIdbStore } from '../storage/idb-store'
import type { KeyValueStore } from '../storage/key-value-store'
import type { ChatApi, ChatModule, EventSourceClass, UiState, WidgetContext } from './context'
import { element } from './dom'
import { getJson } from './get-json'
import type { InviteModule } from './invite'
import { installApi, type Namespace, type PortholeApi } from './js-api'
import { createLauncher } from './launcher'
import { LOADER_CSS, styleSheet } from './loader-styles'
import { type EmbedData, resolveSettings, textColourOn } from './settings'
import { shareStatus } from './shared-status'
import { trackUiEvents } from './ui-events'

export interface MountOptions {
  /** The backend's base URL (the script's src without widget.js). */
  base: string
  /** The script tag's data-attributes. */
  data?: EmbedData
  /** The public config widget.js carried; GET /api/config when absent or unreadable. */
  config?: unknown
  /** Where the widget's host element goes; document.body by default. */
  container?: HTMLElement
  /** Installs the JS API here and replays its queue (window.Porthole for the embed). */
  namespace?: Namespace
  fetch?: typeof fetch
  EventSource?: EventSourceClass
  storage?: KeyValueStore
  /** Loads the chat chunk (widget/chat/start-chat.tsx). */
  loadChat: () => Promise<ChatModule>
  /** Loads the invitation's chunk (widget/loader/invite.ts). */
  loadInvite: () => Promise<InviteModule>
}

export interface Widget {
  api: PortholeApi
  context: WidgetContext
  unmount(): void
}

/**
 * Mounts the widget: launcher, status, invitation and the JS API; the chat UI loads
 * when the customer engages.
 *
 * @example const widget = await mount({ base: 'https://chat.example.com/' }); widget.api.open()
 */
export async function mount(options: MountOptions): Promise<Widget> {
  const base = options.base.endsWith('/') ? options.base : `${options.base}/`
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis)
  const settings = resolveSettings(
    parsePublicConfig(options.config) ??
      (await getJson(fetcher, `${base}api/config`, parsePublicConfig)),
    options.data ?? {},
    navigator.language,
  )
  const storage = options.storage ?? createIdbStore(base)
  const [open, unread, inviteAnswer, session] = await storage.getMany([
    'open',
    'unread',
    'invite-answer',
    'session',
  ])
  const strings = LOADER_STRINGS[settings.lang]
  const host = document.createElement('porthole-widget')
  ;(options.container ?? document.body).append(host)
  const cleanups: (() => void)[] = [() => host.remove()]
  const unmount = () => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  }
  try {
    const root = host.attachShadow({ mode: 'open' })
    root.adoptedStyleSheets = [styleSheet(LOADER_CSS)]
    const dir = document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'
    const frame = element('div', {
      class: `ph-frame ph-${settings.position}`,
      dir,
      lang: settings.lang,
    })
    frame.style.setProperty('--ph-accent', settings.color)
    frame.style.setProperty('--ph-on-accent', textColourOn(settings.color))
    root.append(frame)

    const ui = observable<UiState>({
      open: false,
      online: undefined,
      unread: typeof unread === 'number' && unread > 0 ? unread : 0,
      invite: undefined,
      inviteAnswer: typeof inviteAnswer === 'string' ? inviteAnswer : undefined,
    })
    const emitter = createEmitter()
    cleanups.push(trackUiEvents(ui, emitter))

    let chat: Promise<ChatApi> | undefined
    const loadChat = (): Promise<ChatApi> => {
      chat ??= options
        .loadChat()
        .then((module) => module.startChat(context))
        .catch((error: unknown) => {
          chat = undefined
          emitter.emit('error', {
            code: 'load_failed',
            message: `The chat could not load: ${String(error)}`,
          })
          throw error
        })
      return chat
    }
    cleanups.push(
      () =>
        void chat?.then(
          (api) => api.destroy(),
          () => {},
        ),
    )

    const setOpen = (next: boolean): void => {
      if (ui.get().open === next) return
      // Opening while the invitation shows answers it: the first message carries its text.
      const invite = ui.get().invite
      ui.set(
        next && invite ? { open: next, invite: undefined, inviteAnswer: invite } : { open: next },
      )
      if (next && invite) void storage.set('invite-answer', invite)
      void storage.set('open', next)
      if (next) loadChat().catch(() => ui.set({ open: false }))
    }
    const launcher = createLauncher(ui, strings, () => setOpen(!ui.get().open))
    cleanups.push(launcher.destroy)

    // The invitation's code is its own chunk, loaded only where the site has an
    // invitation or calls showInvite: most pages never pay for it.
    let invite: Promise<ReturnType<InviteModule['createInvite']>> | undefined
    const loadInvite = () =>
      (invite ??= options.loadInvite().then(({ createInvite, INVITE_CSS }) => {
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, styleSheet(INVITE_CSS)]
        const created = createInvite({
          ui,
          strings,
          rule: settings.invite,
          // Someone who has chatted before (has a session) is not invited again.
          isSuppressed: async (text) =>
            session !== undefined || (await storage.get('invite-dismissed')) === text,
          onAnswer: () => setOpen(true),
          onDismiss: (text) => void storage.set('invite-dismissed', text),
        })
        cleanups.push(created.destroy)
        frame.append(created.bubble)
        return created
      }))
    if (settings.invite) void loadInvite()
    frame.append(launcher.button)

    const context: WidgetContext = {
      base,
      settings,
      strings,
      root,
      frame,
      launcher: launcher.button,
      storage,
      fetch: fetcher,
      EventSource: options.EventSource ?? globalThis.EventSource,
      emitter,
      ui,
      setOpen,
      channelName: `porthole:${base}`,
    }

    cleanups.push(
      shareStatus(`porthole:${base}:status`, {
        intervalSeconds: settings.statusPollSeconds,
        fetchStatus: () =>
          getJson(fetcher, `${base}api/status`, (body) =>
            isRecord(body) && typeof body.online === 'boolean' ? body.online : undefined,
          ),
        onStatus: (online) => ui.set({ online }),
      }),
    )

    const withChat = <T>(call: (api: ChatApi) => Promise<T>): Promise<T> => loadChat().then(call)
    const api: PortholeApi = {
      open: () => setOpen(true),
      close: () => setOpen(false),
      toggle: () => setOpen(!ui.get().open),
      // The chat chunk checks the arguments of the calls it serves.
      setContact: (contact) => withChat((chat) => chat.setContact(contact)),
      identify: (user) => withChat((chat) => chat.identify(user)),
      showInvite: (text) => {
        if (typeof text !== 'string' || !text.trim())
          throw new TypeError('Porthole.showInvite expects a non-empty text')
        void loadInvite().then((created) => created.show(text))
      },
      sendMessage: (text) => withChat((chat) => chat.sendMessage(text)),
      getUnreadCount: () => ui.get().unread,
      clearHistory: () => withChat((chat) => chat.clearHistory()),
      on: (name, listener) => emitter.on(name, listener),
      off: (name, listener) => emitter.off(name, listener),
    }

    // A returning visitor (a session, unread replies or an open chat) needs the live
    // stream at once; a new visitor pays only for the loader until they engage.
    if (open === true) setOpen(true)
    else if (session !== undefined || ui.get().unread > 0) loadChat().catch(() => {})
    if (options.namespace) installApi(options.namespace, api)
    emitter.emit('ready', undefined)
    return { api, context, unmount }
  } catch (error) {
    unmount()
    throw error
  }
}

/** Called by widget.js with its own src, data-attributes and the chat chunk's URL. */
export async function start({
  base,
  data,
  config,
  chatUrl,
  inviteUrl,
}: {
  base: string
  data: EmbedData
  config: unknown
  chatUrl: string
  inviteUrl: string
}): Promise<void> {
  try {
    await mount({
      base,
      data,
      config,
      namespace: (window as unknown as { Porthole: Namespace }).Porthole,
      loadChat: () => import(/* @vite-ignore */ chatUrl),
      loadInvite: () => import(/* @vite-ignore */ inviteUrl),
    })
  } catch (error) {
    console.error('Porthole: the widget could not start:', error)
  }
}
