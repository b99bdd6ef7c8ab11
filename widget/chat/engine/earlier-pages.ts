import { unreadable } from '../../protocol/api-error'
import { parseHistoryResponse } from '../../protocol/history-bodies'
import type { ConversationEvent } from '../model/conversation'
import type { Conversation } from '../model/empty-conversation'
import type { EngineShared } from '../window/chat-window-state'

/** Entries per GET /api/history page. */
export const HISTORY_PAGE = 100

/**
 * Loads the page of entries before the oldest one shown (GET /api/history), one page at a
 * time and none once the start of the conversation is known; the header of the list says
 * "loading" and "failed" through the window's state.
 */
export function earlierPages(
  conversation: { get(): Conversation },
  state: EngineShared['state'],
  call: (path: string) => Promise<unknown>,
  dispatch: (event: ConversationEvent) => void,
): () => Promise<void> {
  return async () => {
    const current = conversation.get()
    const before = current.entries[0]?.id
    if (!before || current.earlier === false || state.get().history === 'loading') return
    state.set({ history: 'loading' })
    try {
      const page = parseHistoryResponse(
        await call(`api/history?before=${encodeURIComponent(before)}&limit=${HISTORY_PAGE}`),
      )
      if (!page) throw unreadable('GET /api/history')
      dispatch({ type: 'history', before, entries: page.entries })
      state.set({ history: 'idle' })
    } catch {
      state.set({ history: 'failed' })
    }
  }
}
