import type { Conversation } from './conversation'

// Apart from the reducer (conversation.ts): the chat window starts from an empty
// conversation before the engine (engine.ts, with the reducer) is fetched.

/** Entries kept on the device and shown at first: the newest of the conversation. */
export const WINDOW = 200

/** No conversation yet; `fresh`: a new visitor's, with nothing earlier. */
export function emptyConversation(fresh?: boolean): Conversation {
  const empty: Conversation = { entries: [], keep: WINDOW, outbox: [], delivery: {} }
  if (fresh) empty.earlier = false
  return empty
}
