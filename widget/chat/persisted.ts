import type { KeyValueStore } from '../storage/key-value-store'
import {
  type Conversation,
  type ConversationEvent,
  emptyConversation,
  reduce,
} from './conversation'
import { createConversationWriter, loadConversation } from './conversation-storage'

export interface PersistedOptions {
  storage: KeyValueStore
  /** A write landed: the other tabs should `sync`. */
  announce: () => void
  /** The state changed (by `event`). */
  onChange: (next: Conversation, previous: Conversation, event: ConversationEvent) => void
}

/**
 * The conversation's state with its persistence and tab sync in one place: every event
 * goes through `reduce`, the result is saved (batched, see conversation-storage.ts) and,
 * once written, the other tabs are told to merge it (`sync`).
 *
 * @example const conversation = persisted({ storage, announce, onChange }); await conversation.load()
 */
export function persisted({ storage, announce, onChange }: PersistedOptions) {
  let state = emptyConversation()
  let writer: ReturnType<typeof createConversationWriter> | undefined

  function apply(event: ConversationEvent, save = true, from = state): void {
    const previous = state
    state = reduce(from, event)
    if (state === previous) return
    if (save) writer?.save(state)
    onChange(state, previous, event)
  }

  return {
    get: (): Conversation => state,
    dispatch: (event: ConversationEvent): void => apply(event),
    /** Reads the stored conversation (converting an old one); what happened before is kept. */
    async load(): Promise<void> {
      const loaded = await loadConversation(storage)
      writer = createConversationWriter(storage, loaded, announce)
      apply({ type: 'stored', stored: state }, true, loaded.conversation)
    },
    /** Another tab saved: merge what it wrote. */
    async sync(): Promise<void> {
      apply({ type: 'stored', stored: (await loadConversation(storage)).conversation }, false)
    },
    /** Another tab cleared the history (and the store). */
    forget(): void {
      apply({ type: 'reset' }, false)
    },
  }
}
export type PersistedConversation = ReturnType<typeof persisted>
