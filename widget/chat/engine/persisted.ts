import type { KeyValueStore } from '../../storage/key-value-store'
import {
  type Conversation,
  type ConversationEvent,
  emptyConversation,
  reduce,
} from '../model/conversation'
import { createConversationWriter, loadConversation } from './conversation-storage'

/** After a clear, how long other tabs' news is not merged. */
export const CLEAR_SETTLE_MS = 1000

export interface PersistedOptions {
  storage: KeyValueStore
  /** A write landed: the other tabs should `sync`. */
  announce: () => void
  /** The state changed (by `event`). */
  onChange: (next: Conversation, previous: Conversation, event: ConversationEvent) => void
}

/**
 * The conversation's state with its persistence and tab sync in one place: every event
 * goes through `reduce`, the result is saved at once (see conversation-storage.ts) and,
 * once written, the other tabs are told to merge it (`sync`).
 *
 * @example const conversation = persisted({ storage, announce, onChange }); await conversation.load()
 */
export function persisted({ storage, announce, onChange }: PersistedOptions) {
  let state = emptyConversation()
  let writer: ReturnType<typeof createConversationWriter> | undefined
  let clearedAt = 0

  function apply(event: ConversationEvent, save = true, from = state): void {
    if (event.type === 'reset') clearedAt = Date.now()
    const previous = state
    state = reduce(from, event)
    if (state === previous) return
    if (save) writer?.save(state)
    onChange(state, previous, event)
  }

  return {
    get: (): Conversation => state,
    /** The page is going away: a write waiting for a retry is tried now. */
    flush: (): void => writer?.flush(),
    dispatch: (event: ConversationEvent): void => apply(event),
    /** Reads the stored conversation (converting an old one); what happened before is kept. */
    async load(): Promise<void> {
      const loaded = await loadConversation(storage)
      writer = createConversationWriter(storage, loaded, announce)
      apply({ type: 'stored', stored: state }, true, loaded.conversation)
    },
    /** Another tab saved: merge what it wrote. */
    async sync(): Promise<void> {
      const { conversation: stored } = await loadConversation(storage)
      // Just after a clear, writes of the old conversation (another tab's, or a read
      // begun before it) may still land: they are not merged back.
      if (Date.now() - clearedAt > CLEAR_SETTLE_MS) apply({ type: 'stored', stored }, false)
    },
    /**
     * Another tab cleared the history. Saved here too: a write of this tab's older
     * state that landed after the other tab's must not bring the conversation back.
     */
    forget(): void {
      apply({ type: 'reset' })
    },
  }
}
export type PersistedConversation = ReturnType<typeof persisted>
