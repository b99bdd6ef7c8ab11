// The embed script (dist/widget/widget.js): a CLASSIC script, so it has no import or
// export. It finds its backend from its own src, installs the queued namespace and
// loads the loader module once the host page has loaded. The build wraps it in a
// function (no globals leak) and replaces LOADER_FILE, CHAT_FILE and INVITE_FILE with the
// content-hashed file names; the server puts the site's public config where
// PORTHOLE_CONFIG is (shared/embed-code.ts; null when served as built).

declare const PORTHOLE_CONFIG: unknown

interface Stub {
  q?: unknown[][]
  started?: boolean
  [method: string]: unknown
}

/** The launcher shows within a second of the page's load even on a busy page (with SETTLE_MS). */
const IDLE_TIMEOUT_MS = 400
/** After the load event, the page's own largest paint comes first (Lighthouse sees it within ~50 ms). */
const SETTLE_MS = 250

// The JS API's commands (widget/loader/js-api.ts): callable before the loader is in, queued.
const QUEUED_METHODS =
  'open close toggle setContact identify showInvite sendMessage clearHistory on off hide show setColor setLanguage setAttributes shutdown boot destroy searchArticles openArticle exportData eraseData'.split(
    ' ',
  )

function findScript(): HTMLScriptElement | undefined {
  const current = document.currentScript
  if (current instanceof HTMLScriptElement && current.src) return current
  // document.currentScript is null for async scripts in some embeds (e.g. injected by a
  // tag manager after a delay): fall back to the last script that is ours.
  const scripts = document.querySelectorAll<HTMLScriptElement>('script[src]')
  for (let i = scripts.length - 1; i >= 0; i--) {
    const script = scripts[i]
    if (script && /\/widget\.js(?:[?#].*)?$/.test(script.src)) return script
  }
  return undefined
}

const script = findScript()
const host = window as unknown as { Porthole?: Stub }
if (!host.Porthole) host.Porthole = {}
const api: Stub = host.Porthole
if (!script) {
  console.error('Porthole: widget.js cannot find its own <script> tag')
} else if (!api.started) {
  api.started = true
  if (!api.q) api.q = []
  const queue = api.q
  // A query, not a command: 0 until the loader knows better (never undefined).
  if (typeof api.getUnreadCount !== 'function') api.getUnreadCount = () => 0
  for (const method of QUEUED_METHODS) {
    if (typeof api[method] !== 'function') {
      api[method] = (...args: unknown[]) => {
        queue.push([method, ...args])
      }
    }
  }
  const base = script.src.replace(/widget\.js(?:[?#].*)?$/, '')
  const loaderUrl = `${base}widget/assets/LOADER_FILE`
  const chatUrl = `${base}widget/assets/CHAT_FILE`
  const inviteUrl = `${base}widget/assets/INVITE_FILE`
  const load = () => {
    // From now on, the visitor's first touch or mouse move over the page (a tap on the
    // launcher starts with one) fetches the chat's file: the tap that opens the chat does
    // not wait for the network. Nothing is fetched for a visitor who does neither.
    addEventListener('pointerover', () => import(/* @vite-ignore */ chatUrl), {
      once: true,
    })
    return import(/* @vite-ignore */ loaderUrl)
      .then((loader: { start: (options: object) => unknown }) =>
        loader.start({
          base,
          data: { ...script.dataset },
          config: PORTHOLE_CONFIG,
          chatUrl,
          inviteUrl,
        }),
      )
      .catch((error: unknown) => {
        console.error(`Porthole: could not load the widget from ${loaderUrl}:`, error)
      })
  }
  // Off the host page's critical path: nothing more is fetched before its load event and
  // its Largest Contentful Paint. The LCP element (the hero image, usually) finished
  // loading by the load event and is painted within a few frames of it, so the loader
  // waits SETTLE_MS after load, then for an idle moment (at most IDLE_TIMEOUT_MS).
  // Lighthouse leaves requests that start after the LCP out of its LCP estimate.
  // widget.js that runs after the load event (the recommended embed adds it SETTLE_MS
  // after load; shared/embed-code.ts) has waited already: only the idle moment is left.
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS })
      : load()
  if (document.readyState === 'complete') whenIdle()
  else addEventListener('load', () => setTimeout(whenIdle, SETTLE_MS), { once: true })
}
