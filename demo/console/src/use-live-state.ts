import { useEffect, useState } from 'preact/hooks'
import { applyEvent, type ConsoleState, parseSandboxEvent, SANDBOX_EVENT_NAMES } from './live-state'

/** What the console says of its live stream (the widget's word too: widget/chat/window/connection.ts). */
export type Link = 'connecting' | 'live' | 'reconnecting'

/**
 * The sandbox's state, live: EventSource reconnects by itself and every (re)connection
 * starts with a full snapshot, so nothing is missed while it was away.
 */
export function useLiveState(): { state: ConsoleState | undefined; connection: Link } {
  const [state, setState] = useState<ConsoleState | undefined>(undefined)
  const [connection, setConnection] = useState<Link>('connecting')

  useEffect(() => {
    const source = new EventSource('console/api/events')
    const onEvent = (message: MessageEvent<string>) => {
      const event = parseSandboxEvent(message.data)
      if (!event) return
      if (event.type === 'snapshot') setConnection('live')
      setState((current) => applyEvent(current, event))
    }
    for (const name of SANDBOX_EVENT_NAMES) source.addEventListener(name, onEvent)
    source.onerror = () => setConnection('reconnecting')
    return () => source.close()
  }, [])

  return { state, connection }
}
