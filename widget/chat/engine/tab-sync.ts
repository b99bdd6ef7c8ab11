/**
 * What one tab tells the others; they then re-read the matching stored state: `sync`
 * the conversation (after each write), `session` the session, `clear` forget it all;
 * `ended` (Porthole.shutdown(), widget/extras/shutdown.ts) forget the session too.
 */
export type TabMessage =
  | { kind: 'sync' }
  | { kind: 'clear' }
  | { kind: 'session' }
  | { kind: 'ended' }

const KINDS = ['sync', 'clear', 'session', 'ended']

/** Keeps the tabs of one backend in sync over a BroadcastChannel (when the browser has one). */
export function createTabSync(name: string, onMessage: (message: TabMessage) => void) {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name)
  if (channel) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data
      if (
        typeof data === 'object' &&
        data !== null &&
        'kind' in data &&
        KINDS.includes(String(data.kind))
      ) {
        onMessage({ kind: String(data.kind) } as TabMessage)
      }
    }
  }
  let closed = false
  return {
    /** Tells the other tabs; nothing once closed (a last write may land after unmount). */
    post(message: TabMessage): void {
      if (!closed) channel?.postMessage(message)
    },
    close(): void {
      closed = true
      channel?.close()
    },
  }
}
