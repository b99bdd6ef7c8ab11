import { Hono, type MiddlewareHandler } from 'hono'
import type { UploadResponse } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { apiError } from '../http/api-error'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { clientKey } from '../http/client-ip'
import { enforceRate } from '../http/limits'
import type { Runtime } from '../runtime'
import { acceptUpload } from '../uploads/accept-upload'
import { uploadedFile } from '../uploads/file-links'
import { isUploadError, statusOfUploadError } from '../uploads/upload-error'

const NO_BODY: AsyncIterable<Uint8Array> = {
  async *[Symbol.asyncIterator]() {},
}

/**
 * POST /api/uploads?name=<file name>: the raw file as the body, its type as
 * Content-Type. Rate-limited per visitor and per address (429 with Retry-After).
 * Streamed to storage within UPLOAD_MAX_MB; answers 201
 * `{file: {id, url, name, size, type, width?, height?, thumb?}}`. The widget then
 * sends `{id, type: 'file', fileId}` to POST /api/messages.
 */
export function uploadRoutes(deps: AppDeps, runtime: Runtime, auth: MiddlewareHandler<VisitorEnv>) {
  const { config, now } = deps
  return new Hono<AppEnv>().use('/uploads', auth).post('/uploads', async (c) => {
    const { visitorId } = c.get('visitor')
    await enforceRate(runtime.limits.visitorUploads, visitorId, 'uploads')
    // A visitor can start new sessions; an address cannot cheaply.
    await enforceRate(runtime.limits.ipUploads, clientKey(c, config), 'uploads from this address')
    const length = c.req.header('content-length')
    try {
      const file = await acceptUpload(
        {
          files: runtime.files,
          maxBytes: config.uploads.maxBytes,
          allowed: config.uploads.types,
          now,
        },
        {
          visitorId,
          name: c.req.query('name'),
          declared: c.req.header('content-type'),
          declaredLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
          // Node's request itself under the Node server: no web stream in between.
          body: c.env?.incoming ?? c.req.raw.body ?? NO_BODY,
        },
      )
      c.get('log').info('attachment stored', {
        fileId: file.id,
        type: file.type,
        size: file.size,
      })
      return c.json({ file: uploadedFile(config.publicUrl, file) } satisfies UploadResponse, 201)
    } catch (error) {
      if (!isUploadError(error)) throw error
      c.get('log').info('attachment refused', { code: error.code, reason: error.message })
      throw apiError(statusOfUploadError(error.code), error.code, error.message)
    }
  })
}
