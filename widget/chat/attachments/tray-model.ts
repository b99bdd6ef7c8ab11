import type { Language, PublicUploads, UploadedFile } from '../../../shared/widget-api'
import { formatBytes } from '../../i18n/chat-strings'
import { isApiError } from '../../protocol/api-error'
import { type Observable, observable } from '../../state/observable'
import type { AttachStrings } from './attach-strings'
import { typeList, type UploadAs, uploadAs } from './file-kinds'

/**
 * - `ready`: in the tray, waiting for Send; `queued`: Send was pressed, its turn comes;
 * - `uploading`: on its way (progress 0 to 1); `failed`: no answer or a server error,
 *   the customer may retry (later files wait: they are sent in order); too many uploads
 *   (429): queued again, tried by itself once the server's Retry-After has passed;
 * - `refused`: never sent (too large, a type not allowed, refused by the server).
 */
export type TrayState = 'ready' | 'queued' | 'uploading' | 'failed' | 'refused'

export interface TrayItem {
  key: number
  file: File
  /** The name and type it is uploaded as (absent when its type is not accepted). */
  as?: UploadAs
  state: TrayState
  /** 0 to 1 while uploading. */
  progress: number
  /** Why it is refused or failed, for the customer. */
  error?: string
  /** Refused for its type: the tray lists the accepted types once, under the files. */
  badType?: boolean
  /** An object URL of an image's own bytes, for the thumbnail. */
  preview?: string
  /** Queued after a 429: not tried again before this time (ms). */
  notBefore?: number
}

export interface TrayDeps {
  limits: PublicUploads
  strings: AttachStrings
  lang: Language
  /** Uploads one item (token included); rejects with an ApiError. */
  upload(
    item: TrayItem & { as: UploadAs },
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
  ): Promise<UploadedFile>
  /** An uploaded file goes to the outbox as a message. */
  queue(file: UploadedFile): void
  /** An object URL for an image's thumbnail, and its release. */
  preview(file: File): string
  revoke(url: string): void
  /** Whether Send has files to send (the composer enables its button). */
  onSendable(sendable: boolean): void
}

const SENT_AS_UPLOADING: readonly TrayState[] = ['queued', 'uploading', 'failed']

/** The longest Retry-After waited for by itself; a longer one shows the file failed. */
const MAX_WAIT_S = 120

/** "Too big: 12 MB, the limit is 10 MB": the file's size and the site's limit. */
const tooLarge = (size: number, { limits, strings, lang }: Limits) =>
  strings.tooLarge(formatBytes(size, lang), formatBytes(limits.maxBytes, lang))

type Limits = Pick<TrayDeps, 'limits' | 'strings' | 'lang'>

/**
 * What the customer is told after a refused or failed upload of a file of `size` bytes
 * (the server's codes mapped to the tray's texts).
 */
export function uploadProblem(
  error: unknown,
  deps: Limits,
  size: number,
): { state: 'refused' | 'failed'; error: string; badType?: boolean } {
  const { strings } = deps
  const status = isApiError(error) ? error.status : 0
  const code = isApiError(error) ? error.code : ''
  const refused = (text: string) => ({ state: 'refused' as const, error: text })
  // A file within the limit the widget knows, refused as too large: the server's words
  // (its limit changed since the page loaded), never "10 kB, the limit is 10 MB".
  if (status === 413)
    return refused(
      size > deps.limits.maxBytes || !isApiError(error) ? tooLarge(size, deps) : error.message,
    )
  if (code === 'unsupported_type') return { ...refused(strings.notAllowed), badType: true }
  // The server's words where they say what to do: an animation too long, a quota spent
  // (hours away: Retry later), a server short of disk space (Retry later).
  if (isApiError(error) && code === 'image_too_complex') return refused(error.message)
  if (isApiError(error) && (code === 'upload_quota_exceeded' || code === 'insufficient_storage'))
    return { state: 'failed', error: error.message }
  if (status === 422) return refused(strings.badImage)
  if (code === 'empty_file') return refused(strings.empty)
  // A type_mismatch says which claim was false; a bad name says what to change.
  if (isApiError(error) && (status === 400 || status === 415)) return refused(error.message)
  return { state: 'failed', error: strings.failed }
}

/**
 * The files the customer is about to send: checked when added (size, type), uploaded
 * one at a time in the order added when Send is pressed, each queued as a message as
 * soon as it is stored. A failed upload holds the later ones until it is retried or
 * removed, so messages arrive in the order the files were chosen.
 */
export function createTray(deps: TrayDeps) {
  const { limits, strings } = deps
  const state: Observable<{ items: TrayItem[] }> = observable({ items: [] as TrayItem[] })
  const uploads = new Map<number, AbortController>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let keys = 0
  let busy = false

  const items = () => state.get().items
  function set(next: TrayItem[]): void {
    state.set({ items: next })
    deps.onSendable(next.some((item) => item.state === 'ready'))
  }
  const update = (key: number, patch: Partial<TrayItem>) =>
    set(items().map((item) => (item.key === key ? { ...item, ...patch } : item)))

  function check(file: File): TrayItem {
    const as = uploadAs(file, limits.types)
    const error = !as
      ? strings.notAllowed
      : file.size > limits.maxBytes
        ? tooLarge(file.size, deps)
        : file.size === 0
          ? strings.empty
          : undefined
    const item: TrayItem = {
      key: ++keys,
      file,
      as,
      state: error ? 'refused' : 'ready',
      progress: 0,
    }
    if (error) item.error = error
    if (!as) item.badType = true
    else if (as?.type.startsWith('image/')) item.preview = deps.preview(file)
    return item
  }

  async function pump(): Promise<void> {
    if (busy) return
    const next = items().find((item) => SENT_AS_UPLOADING.includes(item.state))
    if (next?.state !== 'queued' || !next.as) return
    const wait = (next.notBefore ?? 0) - Date.now()
    if (wait > 0) {
      clearTimeout(timer)
      timer = setTimeout(pump, wait)
      return
    }
    busy = true
    const { key } = next
    const abort = new AbortController()
    uploads.set(key, abort)
    update(key, { state: 'uploading', progress: 0, error: undefined })
    try {
      const file = await deps.upload(
        { ...next, as: next.as },
        (progress) => {
          if (!abort.signal.aborted) update(key, { progress })
        },
        abort.signal,
      )
      // Cancelled after the last byte: the file is stored but never sent.
      if (!abort.signal.aborted) {
        deps.queue(file)
        remove(key)
      }
    } catch (error) {
      const after = isApiError(error) && error.status === 429 ? error.retryAfter : undefined
      if (!abort.signal.aborted)
        update(
          key,
          after && after <= MAX_WAIT_S
            ? { state: 'queued', progress: 0, notBefore: Date.now() + after * 1000 }
            : uploadProblem(error, deps, next.file.size),
        )
    } finally {
      uploads.delete(key)
      busy = false
    }
    await pump()
  }

  function remove(key: number): void {
    uploads.get(key)?.abort()
    const item = items().find((candidate) => candidate.key === key)
    if (item?.preview) deps.revoke(item.preview)
    set(items().filter((candidate) => candidate.key !== key))
    // A failed one removed: the files queued behind it go on.
    void pump()
  }

  return {
    state,
    /** "PNG, JPEG, PDF": the site's accepted types, said once under files refused for theirs. */
    types: typeList(limits.types),
    /** Adds files to the tray; refused ones show why and are never sent. */
    add(files: File[]): void {
      set([...items(), ...files.map(check)])
    },
    /** Removes a file; one uploading is cancelled. */
    remove,
    /** Uploads a failed file again (in its place in the order). */
    retry(key: number): void {
      update(key, { state: 'queued', error: undefined })
      void pump()
    },
    /** Sends every file waiting in the tray, in order. */
    send(): void {
      set(items().map((item) => (item.state === 'ready' ? { ...item, state: 'queued' } : item)))
      void pump()
    },
    /** Cancels every upload and releases the thumbnails. */
    destroy(): void {
      clearTimeout(timer)
      for (const item of items()) remove(item.key)
    },
  }
}
export type Tray = ReturnType<typeof createTray>
