import { pollStatus, type StatusPollerOptions } from './status-poller'

/**
 * One status poller per browser instead of one per tab: the visible tab holding the Web
 * Lock `name` polls and shares each answer over the BroadcastChannel `name`; the other
 * tabs queue for the lock. A leader that closes or is hidden lets the lock go and a
 * visible tab takes over, polling once the last shared answer is an interval old. A tab
 * that starts asks the leader for its last answer. Without Web Locks or BroadcastChannel
 * every tab polls. Returns a function that stops it.
 */
export function shareStatus(name: string, options: StatusPollerOptions): () => void {
  const locks = navigator.locks
  if (!locks || !self.BroadcastChannel) return pollStatus(options)
  const channel = new BroadcastChannel(name)
  const abort = new AbortController()
  let last: number | undefined
  let lastAt = 0
  let waiting = false
  // Set while this tab leads: stops its polling and lets the lock go.
  let resign: (() => void) | undefined

  const learn = (status: number): void => {
    last = status
    lastAt = Date.now()
    options.onStatus(status)
  }
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    if (typeof data === 'number') learn(data)
    else if (data === 'ask' && resign && last !== undefined) channel.postMessage(last)
  }

  function campaign(): void {
    if (waiting || resign || document.hidden) return
    waiting = true
    locks
      .request(name, { signal: abort.signal }, () => {
        waiting = false
        // A tab hidden while it queued passes the lock on at once.
        if (document.hidden) return
        return new Promise<void>((release) => {
          const stop = pollStatus({
            ...options,
            firstDelayMs: lastAt + options.intervalSeconds * 1000 - Date.now(),
            onStatus: (status) => {
              learn(status)
              channel.postMessage(status)
            },
          })
          resign = () => {
            resign = undefined
            stop()
            release()
          }
        })
      })
      // Aborted by stop(): nothing to do.
      .catch(() => {})
  }

  const onVisibility = (): void => (document.hidden ? resign?.() : campaign())
  // stop() aborts the lock request and removes this listener (the controller's `signal`
  // is the listener's option of that name).
  document.addEventListener('visibilitychange', onVisibility, abort)
  channel.postMessage('ask')
  campaign()
  return () => {
    abort.abort()
    resign?.()
    channel.close()
  }
}
