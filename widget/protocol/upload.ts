import type { UploadResponse } from '../../shared/widget-api'
import { parseErrorBody } from './api-bodies'
import { ApiError, unreadable } from './api-error'
import { parseUploadResponse } from './upload-bodies'

export interface UploadRequest {
  /** POST /api/uploads?name=… on the backend. */
  url: string
  token: string
  body: Blob
  /** The Content-Type declared for the body. */
  type: string
  /** Bytes sent so far of `total`, as the browser reports them. */
  onProgress(sent: number, total: number): void
  /** Aborting cancels the upload: the promise rejects with code "aborted". */
  signal: AbortSignal
  /** fetch() reports no upload progress; XMLHttpRequest does. Tests pass a fake. */
  XHR?: typeof XMLHttpRequest
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Sends one file to POST /api/uploads with upload progress. Resolves with the stored
 * file; rejects with an ApiError: the backend's code and status for a refusal, "network"
 * (status 0) when there is no answer, "aborted" when the signal fired.
 */
export function upload(request: UploadRequest): Promise<UploadResponse> {
  const { signal, XHR = XMLHttpRequest } = request
  return new Promise((resolve, reject) => {
    const xhr = new XHR()
    const fail = (code: string, message: string) => reject(new ApiError(code, message, 0))
    if (signal.aborted) return fail('aborted', 'The upload was cancelled')
    const abort = () => xhr.abort()
    signal.addEventListener('abort', abort)
    const done = () => signal.removeEventListener('abort', abort)
    xhr.open('POST', request.url)
    xhr.setRequestHeader('authorization', `Bearer ${request.token}`)
    xhr.setRequestHeader('content-type', request.type)
    xhr.upload.onprogress = (event) => request.onProgress(event.loaded, event.total)
    xhr.onabort = () => {
      done()
      fail('aborted', 'The upload was cancelled')
    }
    xhr.onerror = () => {
      done()
      fail('network', 'Porthole: cannot reach the chat server')
    }
    xhr.onload = () => {
      done()
      const json = parseJson(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = parseUploadResponse(json)
        return parsed ? resolve(parsed) : reject(unreadable('POST /api/uploads'))
      }
      const error = parseErrorBody(json)?.error
      const retryAfter = Number(xhr.getResponseHeader('retry-after'))
      reject(
        new ApiError(
          error?.code ?? `http_${xhr.status}`,
          error?.message ?? `The chat server answered ${xhr.status}`,
          xhr.status,
          retryAfter > 0 ? retryAfter : undefined,
        ),
      )
    }
    xhr.send(request.body)
  })
}
