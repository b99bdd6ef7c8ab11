import type { UploadedFile } from '../../../shared/widget-api'

/** One XMLHttpRequest the code under test made; the test answers it. */
export interface FakeUpload {
  method: string
  url: URL
  headers: Record<string, string>
  body: Blob | undefined
  aborted: boolean
  /** Reports upload progress. */
  progress(loaded: number, total: number): void
  respond(status: number, body: unknown, headers?: Record<string, string>): void
  /** No answer at all (the connection dropped). */
  fail(): void
  /** Answers 201 with the stored file, as POST /api/uploads does. */
  store(file?: Partial<UploadedFile>): UploadedFile
}

let stored = 0

/** A fake XMLHttpRequest class recording every request in `requests`. */
export function createFakeXhr() {
  const requests: FakeUpload[] = []
  class FakeXhr implements FakeUpload {
    upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    status = 0
    responseText = ''
    method = ''
    url = new URL('https://invalid.test/')
    headers: Record<string, string> = {}
    body: Blob | undefined
    aborted = false
    private responseHeaders: Record<string, string> = {}
    private done = false

    open(method: string, url: string): void {
      this.method = method
      this.url = new URL(url)
    }
    setRequestHeader(name: string, value: string): void {
      this.headers[name.toLowerCase()] = value
    }
    getResponseHeader(name: string): string | null {
      return this.responseHeaders[name.toLowerCase()] ?? null
    }
    send(body: Blob): void {
      this.body = body
      requests.push(this)
    }
    abort(): void {
      if (this.done) return
      this.done = true
      this.aborted = true
      this.onabort?.()
    }
    progress(loaded: number, total: number): void {
      this.upload.onprogress?.({ loaded, total })
    }
    respond(status: number, body: unknown, headers: Record<string, string> = {}): void {
      if (this.done) throw new Error('this upload was already answered or aborted')
      this.done = true
      this.status = status
      this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
      this.responseHeaders = headers
      this.onload?.()
    }
    fail(): void {
      this.done = true
      this.onerror?.()
    }
    store(file: Partial<UploadedFile> = {}): UploadedFile {
      const name = this.url.searchParams.get('name') ?? 'file'
      const id = (++stored).toString(16).padStart(48, '0')
      const type = this.headers['content-type'] ?? 'application/octet-stream'
      const image = type.startsWith('image/')
      const answer: UploadedFile = {
        id,
        url: `https://chat.example.test/files/${id}/${encodeURIComponent(name)}`,
        name,
        size: this.body?.size || 1,
        type,
        ...(image
          ? { width: 640, height: 480, thumb: `https://chat.example.test/files/${id}/thumb` }
          : {}),
        ...file,
      }
      this.respond(201, { file: answer })
      return answer
    }
  }
  return { XHR: FakeXhr as unknown as typeof XMLHttpRequest, requests }
}
