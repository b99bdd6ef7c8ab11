/**
 * The most of an upstream answer Porthole reads (the service's A1 and A2 answers, a
 * bot B1 answer). Porthole needs only a status digit, an error's text or a short error
 * body from them; the rest of a longer answer is cancelled unread, so a misbehaving
 * upstream cannot fill this process's memory.
 */
export const UPSTREAM_ANSWER_BYTES = 4096

/**
 * The first `maxBytes` of an answer's body as text (UTF-8, bad bytes replaced, a
 * character cut at the end dropped); the rest is cancelled, never buffered. A body
 * that fails mid-read gives what arrived before. Never throws.
 *
 * @example const text = await readAnswerPrefix(response) // ≤ 4096 bytes of it
 */
export async function readAnswerPrefix(
  response: Response,
  maxBytes: number = UPSTREAM_ANSWER_BYTES,
): Promise<string> {
  const body = response.body
  if (!body) return ''
  const reader = body.getReader()
  const decoder = new TextDecoder('utf-8')
  let text = ''
  let read = 0
  try {
    while (read < maxBytes) {
      const { done, value } = await reader.read()
      if (done) return text + decoder.decode()
      const chunk = value.subarray(0, maxBytes - read)
      read += chunk.byteLength
      text += decoder.decode(chunk, { stream: true })
    }
    // Cut at the limit: a partial character at the end is dropped, not replaced.
    return text
  } catch {
    return text
  } finally {
    // Whatever is left unread is discarded by the source, not kept in memory.
    reader.cancel().catch(() => undefined)
  }
}
