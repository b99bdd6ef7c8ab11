/**
 * Searches as the visitor types: one request once they pause for `delayMs`, and only
 * the answer to the latest text is shown (an earlier request that answers late is
 * ignored). Text `accept` refuses (empty, too short) clears the answer at once.
 */
export function debouncedSearch<T>({
  delayMs,
  run,
  onAnswer,
  onError,
  accept = (query) => query !== '',
}: {
  delayMs: number
  run: (query: string) => Promise<T>
  /** `answer` undefined: nothing to show (the text was cleared or refused). */
  onAnswer: (query: string, answer: T | undefined) => void
  onError?: (query: string, error: unknown) => void
  accept?: (query: string) => boolean
}) {
  let timer: ReturnType<typeof setTimeout> | undefined
  // Bumped by every new text: an answer to an older one is stale.
  let latest = 0
  let current: string | undefined
  function input(text: string): void {
    const query = text.trim()
    if (query === current) return
    current = query
    const ticket = ++latest
    clearTimeout(timer)
    if (!accept(query)) {
      onAnswer(query, undefined)
      return
    }
    timer = setTimeout(() => {
      run(query).then(
        (answer) => ticket === latest && onAnswer(query, answer),
        (error: unknown) => ticket === latest && onError?.(query, error),
      )
    }, delayMs)
  }
  return {
    input,
    /** Searches the current text again (after a failure). */
    retry(): void {
      const query = current
      current = undefined
      if (query !== undefined) input(query)
    },
    stop(): void {
      latest++
      clearTimeout(timer)
    },
  }
}
