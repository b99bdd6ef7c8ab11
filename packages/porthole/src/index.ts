import type {
  PortholeApi,
  PortholeLookOptions,
  PortholeMethod,
  PortholeNamespace,
  PortholeOptions,
} from './types.js'

export type * from './types.js'

/** Every method of the page API, in the order of the JavaScript API's docs. */
export const METHODS = [
  'open',
  'close',
  'toggle',
  'setContact',
  'identify',
  'showInvite',
  'sendMessage',
  'getUnreadCount',
  'clearHistory',
  'on',
  'off',
  'hide',
  'show',
  'setAttributes',
  'setLanguage',
  'setColor',
  'shutdown',
  'boot',
  'destroy',
  'searchArticles',
  'openArticle',
  'exportData',
  'eraseData',
] as const satisfies readonly PortholeMethod[]

/** The methods that return nothing (the rest return a Promise; getUnreadCount a number). */
const SYNC = ['open', 'close', 'toggle', 'on', 'off', 'hide', 'show', 'destroy']

const LOOK_KEYS = [
  'title',
  'color',
  'position',
  'lang',
  'inviteText',
  'inviteDelay',
] as const satisfies readonly (keyof PortholeLookOptions)[]

/** The page API, usable at once: calls made before the widget is up wait, in order. */
export interface Porthole extends PortholeApi {
  /** Adds the widget after a `consent: false` load (the visitor accepted). */
  grantConsent(): void
}

/** The recommended embed waits this long after the page's load event (shared/embed-code.ts). */
const SETTLE_MS = 250

type Pending = [
  name: PortholeMethod,
  args: unknown[],
  done?: (value: unknown) => void,
  fail?: (error: unknown) => void,
]

let loaded: { porthole: Porthole; load(options: PortholeOptions): void } | undefined

function namespace(): PortholeNamespace {
  window.Porthole ??= { q: [] }
  window.Porthole.q ??= []
  return window.Porthole
}

/** widget.js has installed the API (its queue runs calls at once). */
function isLive(): boolean {
  const q = window.Porthole?.q
  return !!q && !Array.isArray(q)
}

function scriptUrl(url: string): string {
  return /\/widget\.js(?:[?#].*)?$/.test(url) ? url : `${url.replace(/\/+$/, '')}/widget.js`
}

/** A script address without its query and fragment, resolved against the page; undefined when it is no URL. */
function addressOf(src: string): string | undefined {
  try {
    const url = new URL(src, document.baseURI)
    return `${url.origin}${url.pathname}`
  } catch {
    return undefined
  }
}

/**
 * Porthole's own widget.js is on the page already (its embed code pasted too): widget.js
 * has started, or a script has this backend's widget.js address (any query). Another
 * vendor's `…/widget.js` is not Porthole's.
 */
function hasOwnScript(src: string): boolean {
  if ((window.Porthole as { started?: unknown } | undefined)?.started) return true
  const own = addressOf(src)
  return [...document.querySelectorAll<HTMLScriptElement>('script[src]')].some(
    (script) => addressOf(script.getAttribute('src') ?? '') === own,
  )
}

function create(): { porthole: Porthole; load(options: PortholeOptions): void } {
  let options: PortholeOptions | undefined
  let pending: Pending[] = []
  const real = () => window.Porthole as PortholeApi
  const run = ([name, args, done, fail]: Pending) => {
    try {
      const result = (real()[name] as (...args: unknown[]) => unknown)(...args)
      done?.(result)
      // flush() runs inside the widget's own `ready` event, too late for a listener added now.
      if (name === 'on' && args[0] === 'ready') (args[1] as () => void)()
      if (result instanceof Promise && !done) result.catch(() => {})
    } catch (error) {
      if (fail) fail(error)
      else console.error(`Porthole.${name} failed:`, error)
    }
  }
  const flush = () => {
    const calls = pending
    pending = []
    for (const call of calls) run(call)
  }
  const porthole = { grantConsent: () => add() } as Porthole
  for (const name of METHODS) {
    ;(porthole as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (typeof window === 'undefined')
        return name === 'getUnreadCount' ? 0 : SYNC.includes(name) ? undefined : Promise.resolve()
      if (isLive()) return (real()[name] as (...args: unknown[]) => unknown)(...args)
      if (name === 'getUnreadCount') return 0
      if (SYNC.includes(name)) {
        // destroy() then boot() before the widget is up (a component unmounted and mounted
        // again at once, as React's StrictMode does) cancel out.
        pending.push([name, args])
        return undefined
      }
      const last = pending[pending.length - 1]
      if (name === 'boot' && last?.[0] === 'destroy') {
        pending.pop()
        return Promise.resolve()
      }
      return new Promise((done, fail) => pending.push([name, args, done, fail]))
    }
  }

  let state: 'waiting' | 'scheduled' | 'added' = 'waiting'
  const add = () => {
    if (state !== 'waiting' || !options) return
    state = 'scheduled'
    const q = namespace().q
    // Runs once widget.js is up (again after boot() and setLanguage(): nothing is pending then).
    if (isLive()) flush()
    else (q as unknown[]).push(['on', 'ready', flush])
    const { url } = options
    // The page's own Porthole widget.js (the embed code pasted too) is enough.
    if (hasOwnScript(scriptUrl(url))) {
      state = 'added'
      return
    }
    const look = options
    const insert = () => {
      state = 'added'
      const script = document.createElement('script')
      script.src = scriptUrl(url)
      script.async = true
      // The options the embed tag's data-attributes carry (data-title, data-invite-text…).
      for (const key of LOOK_KEYS)
        if (look[key] !== undefined) script.dataset[key] = String(look[key])
      script.onerror = () => {
        const error = new Error(`Porthole: could not load ${script.src}`)
        for (const [, , , fail] of pending.splice(0)) fail?.(error)
        console.error(error.message)
      }
      document.body.appendChild(script)
    }
    // As the recommended embed: after the page's load event, so the app's own content comes first.
    const later = () => setTimeout(insert, SETTLE_MS)
    if (document.readyState === 'complete') later()
    else addEventListener('load', later, { once: true })
  }
  const load = (given: PortholeOptions) => {
    if (options) return
    options = given
    if (given.user) void porthole.identify(given.user).catch(() => {})
  }
  return { porthole, load }
}

/**
 * Adds Porthole's widget.js to the page as the recommended embed does (after the page's
 * load event, once) and returns the page API. Calls made before the widget is up wait for
 * it; a second call returns the same API. On the server it adds nothing.
 *
 * @example
 * const porthole = loadPorthole({ url: 'https://chat.example.com' })
 * porthole.on('unread', ({ count }) => setBadge(count))
 */
export function loadPorthole(options: PortholeOptions): Porthole {
  if (!options || typeof options.url !== 'string' || !/^(https?:)?\/\//.test(options.url))
    throw new TypeError(
      'loadPorthole needs { url }: your Porthole backend, like https://chat.example.com',
    )
  loaded ??= create()
  loaded.load(options)
  if (typeof window !== 'undefined' && options.consent !== false) loaded.porthole.grantConsent()
  return loaded.porthole
}

/**
 * The page API without loading anything: the object loadPorthole() returns. Its calls wait
 * until loadPorthole() has added the widget and it is up; on the server they do nothing.
 */
export function getPorthole(): Porthole {
  loaded ??= create()
  return loaded.porthole
}
