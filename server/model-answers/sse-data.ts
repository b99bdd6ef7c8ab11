/** The most a model's answer may send (bytes): a runaway stream is cut here. */
export const MAX_MODEL_RESPONSE_BYTES = 256 * 1024

/** A response larger than MAX_MODEL_RESPONSE_BYTES. */
export class ModelResponseTooLargeError extends Error {
  override name = 'ModelResponseTooLargeError' as const
}

/**
 * Calls `onData` with the `data` of each event of a `text/event-stream` body, as the
 * chat completion streams send them (any line ending, multi-line data joined with "\n",
 * comments and other fields ignored). Throws when the body breaks off or passes
 * MAX_MODEL_RESPONSE_BYTES.
 */
export async function readSseData(
  response: Response,
  onData: (data: string) => void,
): Promise<void> {
  if (!response.body) return
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  let bytes = 0
  // Where the search for a line end goes on (a long line is not scanned again per chunk).
  let scanned = 0
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onData(data.join('\n'))
      data = []
      return
    }
    if (text.startsWith('data:')) data.push(text.slice(text.startsWith('data: ') ? 6 : 5))
  }
  for await (const chunk of response.body) {
    bytes += chunk.byteLength
    if (bytes > MAX_MODEL_RESPONSE_BYTES)
      throw new ModelResponseTooLargeError(`the answer passed ${MAX_MODEL_RESPONSE_BYTES} bytes`)
    buffer += decoder.decode(chunk, { stream: true })
    const ends = /\r\n|\r|\n/g
    ends.lastIndex = scanned
    let start = 0
    for (let found = ends.exec(buffer); found; found = ends.exec(buffer)) {
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (found[0] === '\r' && found.index === buffer.length - 1) break
      line(buffer.slice(start, found.index))
      start = found.index + found[0].length
    }
    buffer = buffer.slice(start)
    scanned = Math.max(0, buffer.length - 1)
  }
  buffer += decoder.decode()
  if (buffer !== '') line(buffer)
  line('')
}
