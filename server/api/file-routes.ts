import type { Readable } from 'node:stream'
import { Hono } from 'hono'
import { errorBody } from '../../shared/protocol/errors'
import type { AppEnv } from '../http/app-env'
import type { Runtime } from '../runtime'
import type { FileVariant } from '../uploads/file-store'
import { UPLOAD_TYPES } from '../uploads/file-types'
import { FileId, type StoredFile } from '../uploads/stored-file'

// A served attachment is the customer's content on our origin: it must never run.
// No sniffing, a sandbox with nothing allowed, and a download for everything but images.
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  // The widget on the site's own origin shows the images.
  'cross-origin-resource-policy': 'cross-origin',
} as const

/**
 * `private` (a shared cache would keep a customer's file after retention deleted it),
 * for what is left of its retention at most; `immutable` since the id is never reused.
 */
export function fileCacheControl(file: StoredFile, now: number, maxAgeMs: number): string {
  const left = Math.max(0, Math.floor((file.createdAt + maxAgeMs - now) / 1000))
  return `private, max-age=${left}, immutable`
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266), or `inline` for images. */
export function contentDisposition(file: StoredFile, inline: boolean): string {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`
}

// Pulled one chunk at a time: a slow reader holds one chunk, not the file.
function toWeb(stream: Readable): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel() {
      stream.destroy()
    },
  })
}

/**
 * GET /files/<id>/<name> (the file) and GET /files/<id>/thumb (an image's 320 px
 * thumbnail). Public by the unguessable id, as the service's agents open the links;
 * cached privately, no longer than retention keeps the file (`retention.maxAgeMs`).
 */
export function fileRoutes(
  runtime: Runtime,
  retention: { maxAgeMs: number; now: () => number } = { maxAgeMs: 0, now: Date.now },
) {
  const notFound = () =>
    new Response(
      JSON.stringify(errorBody('not_found', 'No such file: it may have been deleted.')),
      {
        status: 404,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      },
    )

  async function serve(id: string, variant: FileVariant, name?: string): Promise<Response> {
    const parsed = FileId.safeParse(id)
    if (!parsed.success) return notFound()
    const file = await runtime.files.get(parsed.data)
    if (!file || (name !== undefined && name !== file.name)) return notFound()
    if (variant === 'thumb' && !file.thumbType) return notFound()
    const content = await runtime.files.open(file.id, variant)
    if (!content) return notFound()
    const image = UPLOAD_TYPES[file.type].image
    return new Response(toWeb(content.stream), {
      headers: {
        ...FILE_HEADERS,
        'cache-control': fileCacheControl(file, retention.now(), retention.maxAgeMs),
        'content-type': variant === 'thumb' ? (file.thumbType ?? file.mime) : file.mime,
        'content-length': String(content.size),
        'content-disposition': contentDisposition(file, image),
      },
    })
  }

  // One route, not a static `/files/:id/thumb` beside `/files/:id/:name`: Hono's
  // RegExpRouter cannot compile that pair, and one such route makes the whole app fall
  // back to the slower TrieRouter (about 3 % of the CPU of every webhook). `thumb` is
  // the thumbnail, as when it was the first of the two routes.
  return new Hono<AppEnv>().get('/files/:id/:name', (c) => {
    const name = c.req.param('name')
    return name === 'thumb'
      ? serve(c.req.param('id'), 'thumb')
      : serve(c.req.param('id'), 'file', name)
  })
}
