// The widget API as the preview answers it, in the page: no request leaves the studio.
// The preview visitor is always new; what they type is echoed as sent, and no agent
// ever answers (the preview shows the site owner's settings, not a conversation).

/** What the preview page tells the widget about the service. */
export interface PreviewBackendState {
  online: boolean
  /** The unsaved settings as GET /api/config answers them (the header's team reads it). */
  config?: unknown
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })

/** The `contact` of a POST /api/session body: its text fields only. */
function contactOf(body: unknown): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(typeof body === 'string' ? body : '{}')
    const given =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as { contact?: unknown }).contact
        : undefined
    if (typeof given !== 'object' || given === null) return {}
    return Object.fromEntries(
      Object.entries(given).filter(([, value]) => typeof value === 'string'),
    )
  } catch {
    return {}
  }
}

/**
 * A fetch for the widget: status, session, history, messages, read and tickets. Any
 * other path is a 404 with the API's error body, as the real backend answers.
 */
export function previewFetch(state: () => PreviewBackendState): typeof fetch {
  let entries = 0
  let contact: Record<string, string> = {}
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const path = url.pathname.replace(/^.*\/api\//, '/api/')
    if (path === '/api/status') return json({ online: state().online })
    if (path === '/api/config') return json(state().config ?? {})
    // The contact given (the pre-chat form's) is echoed back, so the preview goes on as the widget would.
    if (path === '/api/session' && method === 'POST') {
      contact = { ...contact, ...contactOf(init?.body) }
      return json({ visitorId: 'preview', token: 'preview', contact })
    }
    if (path === '/api/visitor/consent' && method === 'POST')
      return new Response(null, { status: 204 })
    if (path === '/api/session' && method === 'DELETE') return new Response(null, { status: 204 })
    if (path === '/api/history') return json({ entries: [] })
    if (path === '/api/events/ticket') return json({ ticket: 'preview', expiresIn: 60 })
    if (path === '/api/read' && method === 'POST') return json({})
    if (path === '/api/messages' && method === 'POST') {
      const body: unknown = JSON.parse(typeof init?.body === 'string' ? init.body : '{}')
      const message =
        typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
      if (message.type !== 'text') return new Response(null, { status: 204 })
      entries += 1
      return json({
        delivery: 'sent',
        entries: [
          {
            id: String(entries),
            at: Date.now(),
            author: 'visitor',
            clientId: String(message.id),
            content: { type: 'text', text: String(message.text) },
          },
        ],
      })
    }
    return json({ error: { code: 'not_found', message: `The preview has no ${path}` } }, 404)
  }
}

/** An event stream that stays open and quiet (no agent in the preview). */
export class PreviewEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSED = 2
  readonly withCredentials = false
  readyState: 0 | 1 | 2 = 1
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  constructor(readonly url: string) {
    super()
    queueMicrotask(() => {
      const event = new Event('open')
      this.onopen?.(event)
      this.dispatchEvent(event)
    })
  }
  close(): void {
    this.readyState = 2
  }
}
