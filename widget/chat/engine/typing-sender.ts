export const TYPEIN_INTERVAL_MS = 3000
export const TYPING_IDLE_MS = 3000

/**
 * Turns composer input into typein/typeout: typein when typing starts (at most once
 * per 3 s, repeated while it goes on), typeout after 3 s without input, when the text is
 * emptied, or when the message is sent.
 */
export function createTypingSender(
  send: (type: 'typein' | 'typeout') => void,
  now = () => Date.now(),
) {
  let typing = false
  let lastTypein = Number.NEGATIVE_INFINITY
  let idle: ReturnType<typeof setTimeout> | undefined

  function stop(): void {
    clearTimeout(idle)
    if (!typing) return
    typing = false
    send('typeout')
  }

  return {
    input(text: string): void {
      if (!text.trim()) {
        stop()
        return
      }
      if (now() - lastTypein >= TYPEIN_INTERVAL_MS) {
        typing = true
        lastTypein = now()
        send('typein')
      }
      if (!typing) return
      clearTimeout(idle)
      idle = setTimeout(stop, TYPING_IDLE_MS)
    },
    stop,
  }
}
