/**
 * Ends a customer's "typing…" that no typeout ended: a visitor whose tab closed mid-word
 * may never send one. Each typein restarts the chat's clock; a typeout, a message or a
 * close stops it.
 */
export function createTypingExpiry(afterMs: number, expire: (chatId: string) => void) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  const clear = (chatId: string): void => {
    clearTimeout(timers.get(chatId))
    timers.delete(chatId)
  }
  return {
    /** A typein: typing shows for `afterMs` more. */
    refresh(chatId: string): void {
      clear(chatId)
      const timer = setTimeout(() => {
        timers.delete(chatId)
        expire(chatId)
      }, afterMs)
      // A sandbox with nothing else to do may exit with an indicator still on.
      timer.unref?.()
      timers.set(chatId, timer)
    },
    clear,
  }
}
