/**
 * A Response whose body is `totalBytes` of `fill`, produced only as it is read, in
 * 64 KiB chunks: `pulled()` says how much of it a reader took, `cancelled()` whether
 * the reader let go of the rest.
 */
export function endlessAnswer(
  status: number,
  totalBytes: number,
  fill = 'x',
): { response: Response; pulled(): number; cancelled(): boolean } {
  const chunk = new TextEncoder().encode(fill.repeat(Math.ceil(65_536 / fill.length)))
  let pulled = 0
  let cancelled = false
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= totalBytes) return controller.close()
        const next = chunk.subarray(0, Math.min(chunk.byteLength, totalBytes - pulled))
        pulled += next.byteLength
        controller.enqueue(next)
      },
      cancel() {
        cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return {
    response: new Response(body, { status, headers: { 'content-type': 'text/plain' } }),
    pulled: () => pulled,
    cancelled: () => cancelled,
  }
}
