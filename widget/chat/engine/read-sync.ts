import { parseReadMarker } from '../../protocol/history-bodies'

export const READ_DELAY_MS = 800

/**
 * Tells the backend what the customer has seen (POST /api/read), at most once per
 * READ_DELAY_MS; the answer (the marker in force, from any device) goes to `apply`.
 * After a failed call the same mark may be made again (the next time the chat is seen).
 */
export function createReadSync(
  post: (upTo: string) => Promise<unknown>,
  apply: (upTo: string) => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let wanted: string | undefined

  return {
    mark(upTo: string): void {
      if (upTo === wanted) return
      wanted = upTo
      clearTimeout(timer)
      timer = setTimeout(async () => {
        try {
          const marker = parseReadMarker(await post(upTo))
          if (marker) apply(marker.upTo)
        } catch {
          if (wanted === upTo) wanted = undefined
        }
      }, READ_DELAY_MS)
    },
    stop(): void {
      clearTimeout(timer)
      wanted = undefined
    },
  }
}
