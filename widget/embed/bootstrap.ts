// The embed script (dist/widget/widget.js): a CLASSIC script, so it has no import or
// export. It finds its backend from its own src, installs the queued namespace and
// loads the loader module. The build wraps it in a function (no globals leak) and
// replaces LOADER_FILE and CHAT_FILE with the content-hashed file names.

interface Stub {
  q?: unknown[][]
  started?: boolean
  [method: string]: unknown
}

const QUEUED_METHODS = [
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
]

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
  import(/* @vite-ignore */ loaderUrl)
    .then((loader: { start: (options: object) => unknown }) =>
      loader.start({ base, data: { ...script.dataset }, chatUrl }),
    )
    .catch((error: unknown) => {
      console.error(`Porthole: could not load the widget from ${loaderUrl}:`, error)
    })
}
