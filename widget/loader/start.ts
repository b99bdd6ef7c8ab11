import { isRightToLeft } from '../i18n/language'
import { EN_LOADER_STRINGS } from '../i18n/loader-strings'
import type { Translation } from '../i18n/translation'
import { parsePublicConfig } from '../protocol/public-config'
import { isRecord } from '../protocol/read'
import { createEmitter, type Emitter, type Listener } from '../state/emitter'
import { observable } from '../state/observable'
import { createIdbStore } from '../storage/idb-store'
import type { KeyValueStore } from '../storage/key-value-store'
import type { ChatApi, ChatModule, EventSourceClass, UiState, WidgetContext } from './context'
import { element } from './dom'
import { getJson } from './get-json'
import type { InviteModule } from './invite'
import { CHAT_CALLS, installApi, LATER, type Namespace, type PortholeApi } from './js-api'
import { createLauncher } from './launcher'
import { LOADER_CSS, styleSheet } from './loader-styles'
import { applyLook, type EmbedData, resolveSettings } from './settings'
import { shareStatus } from './shared-status'
import { trackUiEvents } from './ui-events'
import { drawShell } from './window-shell'

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
  /** Loads the chat chunk (widget/chat/window/start-chat.tsx). */
  loadChat: () => Promise<ChatModule>
  /** Loads a language's file (widget/i18n/languages/; never English, built in). */
  loadLanguage: (lang: string) => Promise<{ default: Translation }>
  /** Loads the invitation's chunk (widget/loader/invite.ts). */
  loadInvite: () => Promise<InviteModule>
  /** Remounting (boot, setLanguage): the page's listeners and the widget object kept. */
  emitter?: Emitter
  widget?: Widget
}

export interface Widget {
  api: PortholeApi
  context: WidgetContext
  unmount(): void
}

/**
 * What the loader hands the rarely used JS API calls (widget/extras/api.ts), one
 * mounted widget's parts: its context, the options it was mounted with, the tag's
 * data-attributes as it applied them, the object mount() returned (updated in place
 * when the widget mounts again), its unmount, and its way to the chat. A tuple: the
 * loader's bytes are counted.
 */
export type Parts = [
  context: WidgetContext,
  options: MountOptions,
  data: EmbedData,
  self: Widget,
  unmount: () => void,
  withChat: <T>(call: (chat: ChatApi) => Promise<T>) => Promise<T>,
]

/**
 * Mounts the widget: launcher, status, invitation and the JS API; the chat UI loads
 * when the customer engages.
 *
 * @example const widget = await mount({ base: 'https://chat.example.com/' }); widget.api.open()
 */
export async function mount(options: MountOptions): Promise<Widget> {
  const base = options.base.replace(/\/?$/, '/')
  // The globals by their bare names: the loader's bytes are counted (size-budget.test.ts).
  const fetcher = options.fetch ?? fetch.bind(globalThis)
  const data = { ...options.data }
  const settings = resolveSettings(
    parsePublicConfig(options.config) ??
      (await getJson(fetcher, `${base}api/config`, parsePublicConfig)),
    data,
    navigator.language,
  )
  const storage = options.storage ?? createIdbStore(base)
  const [open, unread, inviteAnswer, session] = await storage.getMany([
    'open',
    'unread',
    'invite-answer',
    'session',
  ])
  // Another language's strings come with its file, fetched only for its visitors; English
  // until it has loaded, if it cannot.
  const words =
    settings.lang === 'en'
      ? undefined
      : await options.loadLanguage(settings.lang).then(
          (module) => module.default,
          () => undefined,
        )
  const strings = words?.loader ?? EN_LOADER_STRINGS
  const host = document.createElement('porthole-widget')
  ;(options.container ?? document.body).append(host)
  const cleanups: (() => void)[] = [() => host.remove()]
  const unmount = () => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  }
  const emitter = options.emitter ?? createEmitter()
  const self = options.widget ?? ({} as Widget)
  try {
    const root = host.attachShadow({ mode: 'open' })
    root.adoptedStyleSheets = [styleSheet(LOADER_CSS)]
    // Arabic, Hebrew and Persian right to left whatever the page; the others as the page is.
    const dir =
      isRightToLeft(settings.lang) || document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'
    const frame = element('div', {
      class: `ph-frame ph-${settings.position}`,
      dir,
      lang: settings.lang,
    })
    applyLook(frame, settings)
    root.append(frame)

    const ui = observable<UiState>({
      open: false,
      unread: typeof unread === 'number' && unread > 0 ? unread : 0,
      inviteAnswer: typeof inviteAnswer === 'string' ? inviteAnswer : undefined,
      // As widget.js's config was made; the status answers tell the change at the hour.
      away: settings.businessHours?.openNow === false,
    })
    cleanups.push(trackUiEvents(ui, emitter))

    let chat: Promise<ChatApi> | undefined
    // The window's frame and message box the loader draws until the chat's are in.
    let dropShell: (() => void) | undefined
    const loadChat = (): Promise<ChatApi> => {
      chat ??= options
        .loadChat()
        .then((module) => module.startChat(context))
        .catch((error: unknown) => {
          chat = undefined
          emitter.emit('error', {
            code: 'load_failed',
            message: `The chat could not load: ${error}`,
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
      // Consent required: the chat chunk stores these once the visitor has agreed
      // (widget/chat/privacy/consent.tsx); nothing is written before, nor once the
      // visitor's data was erased (ended).
      if (!(settings.consent || context.ended)) {
        if (next && invite) void storage.set('invite-answer', invite)
        void storage.set('open', next)
      }
      dropShell?.()
      dropShell = undefined
      if (!next) return
      const loading = loadChat()
      // Where the chat's window is not in yet and will show the message box (no consent step,
      // no offline form): the loader's, in the next frame (the chat's when it came already).
      let loaded = false
      loading
        .then(() => (loaded = true))
        .catch(() => {
          dropShell?.()
          ui.set({ open: false })
        })
      if (!(settings.consent || ui.get().online === false || ui.get().away))
        requestAnimationFrame(() => {
          if (!loaded && ui.get().open && !frame.querySelector('.ph-window .ph-input'))
            dropShell = drawShell(
              frame,
              settings.title,
              settings.greeting,
              words?.chat.messageLabel ?? 'Message',
            )
        })
    }
    const launcher = createLauncher(
      ui,
      strings,
      () => setOpen(!ui.get().open),
      settings.businessHours?.outside === 'hide',
    )
    cleanups.push(launcher.destroy)
    // The launcher focused by keyboard (Tab) fetches the chat's file, as a pointer over the
    // page does (widget.js): the Enter that opens the chat does not wait for the network.
    launcher.button.onfocus = options.loadChat

    const context: WidgetContext = {
      base,
      settings,
      strings,
      words,
      root,
      frame,
      launcher: launcher.button,
      storage,
      fetch: fetcher,
      EventSource: options.EventSource ?? EventSource,
      emitter,
      ui,
      setOpen,
      channelName: `porthole:${base}`,
      url: () => location.href,
    }

    // The invitation's bubble (and from it the launcher's label, page patterns and the
    // rules) is its own chunk, loaded only where the site has an invitation or a label, on
    // showInvite or on a reply while the chat is closed: most pages never pay for it.
    let invite: Promise<ReturnType<InviteModule['createInvite']>> | undefined
    const loadInvite = () =>
      (invite ??= options.loadInvite().then(({ createInvite }) => {
        const created = createInvite(context, data, session)
        cleanups.push(created.destroy)
        return created
      }))
    // The label: the config carries launcherLabel only when it shows (not 'never').
    if (settings.invite || settings.invitations || settings.launcherLabel || data.inviteText)
      void loadInvite()
    frame.append(launcher.button)
    // A reply while the chat is closed is previewed in the invitation's bubble.
    const peek: Listener<'message'> = (entry) =>
      ui.get().open || void loadInvite().then((created) => created.peek(entry))
    emitter.on('message', peek)
    cleanups.push(() => emitter.off('message', peek))

    cleanups.push(
      shareStatus(`porthole:${base}:status`, {
        intervalSeconds: settings.statusPollSeconds,
        // 1 online, 0 offline, 2 outside business hours (acts as offline); -1 unknown (the
        // backend cannot be reached): the chat window keeps its composer, messages queue.
        fetchStatus: () =>
          getJson(fetcher, `${base}api/status`, (body) =>
            isRecord(body) && typeof body.online === 'boolean'
              ? body.open === false
                ? 2
                : +body.online
              : undefined,
          ),
        onStatus: (status) =>
          ui.set(status < 0 ? { online: undefined } : { online: status === 1, away: status === 2 }),
      }),
    )

    const withChat = <T>(call: (api: ChatApi) => Promise<T>): Promise<T> => loadChat().then(call)
    const api = {
      open: () => setOpen(true),
      close: () => setOpen(false),
      toggle: () => setOpen(!ui.get().open),
      // The invitation's chunk checks the text.
      showInvite: (text) => loadInvite().then((created) => created.show(text)),
      getUnreadCount: () => ui.get().unread,
      // The emitter's methods use no `this`.
      on: emitter.on,
      off: emitter.off,
      hide: () => ui.set({ hidden: true }),
      show: () => ui.set({ hidden: false }),
      destroy: unmount,
    } as PortholeApi
    // The chat chunk serves these and checks their arguments.
    for (const name of CHAT_CALLS)
      api[name] = (...args: unknown[]) =>
        withChat((chat) => (chat[name] as (...args: unknown[]) => Promise<void>)(...args))
    // The calls a page makes rarely: their bodies are a chunk of their own
    // (widget/extras/api.ts), loaded on first use, given this widget's parts.
    const parts: Parts = [context, options, data, self, unmount, withChat]
    for (const name of LATER)
      api[name] = ((...args: unknown[]) =>
        import('../extras/api').then((module) => module.run(name, parts, args))) as never

    // A returning visitor (a session, unread replies or an open chat) needs the live
    // stream at once; a new visitor pays only for the loader until they engage. An
    // e-mail's resume link (#porthole-resume=<token>) opens the chat, whose chunk takes
    // the token out of the address bar and exchanges it (widget/chat/engine/resume.ts). Any
    // #porthole- fragment opens it: the shortest test (the loader's bytes are counted).
    if (open === true || /#porthole-/.test(location.href)) setOpen(true)
    else if (session !== undefined || ui.get().unread > 0) loadChat().catch(() => {})
    if (options.namespace) installApi(options.namespace, api)
    emitter.emit('ready')
    return Object.assign(self, { api, context, unmount })
  } catch (error) {
    unmount()
    throw error
  }
}

/** Called by widget.js with its own src, data-attributes and the chat's and invitation's URLs. */
export function start(options: {
  base: string
  data: EmbedData
  config: unknown
  chatUrl: string
  inviteUrl: string
}): Promise<unknown> {
  return mount({
    ...options,
    namespace: (window as unknown as { Porthole: Namespace }).Porthole,
    loadChat: () => import(/* @vite-ignore */ options.chatUrl),
    // A language's file is named after the chat (chat-<hash>.js<lang>.js, widget/vite.config.ts),
    // which imports it by that name: one fetch for the loader and the chat.
    // biome-ignore lint/style/useTemplate: minified, a template costs the loader more bytes
    loadLanguage: (lang) => import(/* @vite-ignore */ options.chatUrl + lang + '.js'),
    loadInvite: () => import(/* @vite-ignore */ options.inviteUrl),
  }).catch((error: unknown) => console.error('Porthole: the widget could not start:', error))
}
