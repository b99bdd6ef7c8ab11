/**
 * Who is answering: the joined line and the senders screen readers hear on grouped
 * messages (in the engine's chunk), the team's usual reply time (in the header's chunk).
 * English here; every other language's come with that language's file
 * (widget/i18n/languages/<lang>.ts, `answering`).
 */
export interface JoinedStrings {
  /** "Anna joined the conversation"; without a name, an agent whose name is not known. */
  joined: (name?: string) => string
  /** Who wrote a message, for screen readers: the visitor's own, an agent without a name. */
  you: string
  agent: string
}

export const EN_JOINED_STRINGS: JoinedStrings = {
  joined: (name) => `${name || 'An agent'} joined the conversation`,
  you: 'You',
  agent: 'Agent',
}
