/** A valid one-page PDF padded with spaces to `size` bytes (an upload the backend accepts). */
export function makePdfOf(size: number): Uint8Array<ArrayBuffer> {
  const head = Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  )
  const bytes = new Uint8Array(size).fill(0x20)
  bytes.set(head)
  return bytes
}
