/** What the header says of the connection: fine, the live stream is down, or the browser is offline. */
export type Link = 'ok' | 'connecting' | 'noNetwork'

/** Shown only after this long: short blips (a reconnect, a flaky network) do not flicker. */
export const LINK_GRACE_MS = 2000

/**
 * The connection as the customer should hear of it: the browser's network
 * (navigator.onLine) and the live stream, reported `LINK_GRACE_MS` after they go down
 * and at once when both are back. Returns the stream's reporter and a stop function.
 * `streamUp`: true while no stream is expected (nothing to connect yet).
 */
export function watchLink(onChange: (link: Link) => void, streamUp = false) {
  let shown: Link = 'ok'
  let timer: ReturnType<typeof setTimeout> | undefined
  const now = (): Link => (!navigator.onLine ? 'noNetwork' : streamUp ? 'ok' : 'connecting')
  const show = (link: Link): void => {
    if (link === shown) return
    shown = link
    onChange(link)
  }
  const update = (): void => {
    clearTimeout(timer)
    const link = now()
    if (link === 'ok') show(link)
    else timer = setTimeout(() => show(now()), LINK_GRACE_MS)
  }
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
  update()
  return {
    /** The live stream opened (true) or dropped (false). */
    stream(up: boolean): void {
      if (up === streamUp) return
      streamUp = up
      update()
    },
    stop(): void {
      clearTimeout(timer)
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    },
  }
}
