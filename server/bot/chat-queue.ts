import { type BotLogger, describeError } from './logger'

/**
 * Runs tasks one after another per chat, so a chat's events are handled in the
 * order they arrived (the state is read, changed and written back), while
 * different chats proceed in parallel. A task that throws is logged, never left
 * as an unhandled rejection, and does not stop the chat's later tasks.
 */
export function createChatQueue(logger: BotLogger) {
  const tails = new Map<string, Promise<void>>()

  function run(chatId: string, task: () => Promise<void>, fields: Record<string, unknown>): void {
    const previous = tails.get(chatId) ?? Promise.resolve()
    const next = previous
      .then(task)
      .catch((error: unknown) => {
        logger.error('handling a bot event failed', { ...fields, error: describeError(error) })
      })
      .finally(() => {
        if (tails.get(chatId) === next) tails.delete(chatId)
      })
    tails.set(chatId, next)
  }

  /** Resolves once every task queued so far (and any queued meanwhile) has finished. */
  async function idle(): Promise<void> {
    while (tails.size > 0) await Promise.all(tails.values())
  }

  return {
    run,
    idle,
    get pending() {
      return tails.size
    },
  }
}

export type ChatQueue = ReturnType<typeof createChatQueue>
