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
import { openUploadBudget, type UploadBudget } from '../uploads/upload-budget'
import { isUploadError, statusOfUploadError } from '../uploads/upload-error'
import { createUploadLimits } from '../uploads/upload-limits'

const NO_BODY: AsyncIterable<Uint8Array> = {
  async *[Symbol.asyncIterator]() {},
}

/**
 * POST /api/uploads?name=<file name>: the raw file as the body, its type as
 * Content-Type. Rate-limited per visitor and per address (429 with Retry-After), within
 * byte quotas per visitor and per address (429 `upload_quota_exceeded`), refused while
 * the disk is below DISK_FREE_FLOOR_MB (507 `insufficient_storage`).
 * Streamed to storage within UPLOAD_MAX_MB; answers 201
 * `{file: {id, url, name, size, type, width?, height?, thumb?}}`. The widget then
 * sends `{id, type: 'file', fileId}` to POST /api/messages.
 */
export function uploadRoutes(deps: AppDeps, runtime: Runtime, auth: MiddlewareHandler<VisitorEnv>) {
  const { config, now } = deps
  const limits = createUploadLimits(deps)
  return new Hono<AppEnv>().use('/uploads', auth).post('/uploads', async (c) => {
    const { visitorId } = c.get('visitor')
    await enforceRate(runtime.limits.visitorUploads, visitorId, 'uploads')
    // A visitor can start new sessions; an address cannot cheaply.
    const ip = clientKey(c, config)
    await enforceRate(runtime.limits.ipUploads, ip, 'uploads from this address')
    const length = c.req.header('content-length')
    const declaredLength = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined
    let budget: UploadBudget | undefined
    try {
      budget = await openUploadBudget(limits, { visitorId, ip, declaredLength })
      const file = await acceptUpload(
        {
          files: runtime.files,
          maxBytes: config.uploads.maxBytes,
          allowed: config.uploads.types,
          now,
          budget,
          ...(deps.imageQueue ? { imageQueue: deps.imageQueue } : {}),
        },
        {
          visitorId,
          name: c.req.query('name'),
          declared: c.req.header('content-type'),
          declaredLength,
          // Node's request itself under the Node server: no web stream in between.
          body: c.env?.incoming ?? c.req.raw.body ?? NO_BODY,
          // Aborted by the Node server when the client's connection closes early.
          signal: c.req.raw.signal,
        },
      )
      await budget.settle(file.size)
      c.get('log').info('attachment stored', {
        fileId: file.id,
        type: file.type,
        size: file.size,
      })
      return c.json({ file: uploadedFile(config.publicUrl, file) } satisfies UploadResponse, 201)
    } catch (error) {
      // Nothing of it is stored: its bytes no longer count.
      await budget?.settle(0)
      if (!isUploadError(error)) throw error
      c.get('log').info('attachment refused', { code: error.code, reason: error.message })
      throw apiError(
        statusOfUploadError(error.code),
        error.code,
        error.message,
        error.retryAfter === undefined ? {} : { 'retry-after': String(error.retryAfter) },
      )
    }
  })
}
