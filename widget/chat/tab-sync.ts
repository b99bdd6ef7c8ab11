/** What one tab tells the others; they then re-read the matching stored state. */
export type TabMessage =
  | { kind: 'outbox' }
  | { kind: 'read' }
  | { kind: 'clear' }
  | { kind: 'session' }

const KINDS = ['outbox', 'read', 'clear', 'session']

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
  return {
    post(message: TabMessage): void {
      channel?.postMessage(message)
    },
    close(): void {
      channel?.close()
    },
  }
}
