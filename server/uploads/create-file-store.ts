import type { Config } from '../config/config'
import type { Logger } from '../logging/logger'
import type { FileStore } from './file-store'
import { createFolderStore } from './folder-store'
import { createS3Store } from './s3-store'

/** True when the conversation store is shared by several instances (redis:). */
export function isSharedStore(storeUrl: string): boolean {
  return storeUrl.startsWith('redis://') || storeUrl.startsWith('rediss://')
}

/**
 * The attachment store UPLOAD_STORE names: the folder UPLOAD_DIR, or the S3-compatible
 * bucket. With a Redis store (several instances) and a folder, it warns: each instance
 * must see the same folder, or files uploaded through one are missing on the others.
 *
 * @example const files = createFileStore(config, logger)
 */
export function createFileStore(
  config: Pick<Config, 'uploads' | 'storeUrl'>,
  logger: Logger,
  options: { fetch?: typeof fetch } = {},
): FileStore {
  const { uploads } = config
  if (uploads.store.kind === 's3') {
    const { kind: _kind, ...s3 } = uploads.store
    logger.info('attachments: kept in an S3-compatible bucket', {
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      prefix: s3.prefix,
    })
    return createS3Store({ ...s3, localDir: uploads.dir, ...options })
  }
  if (isSharedStore(config.storeUrl)) {
    logger.warn(
      'attachments: kept in a local folder while the store is Redis (several instances): every instance must share this folder (NFS, a shared volume), or set UPLOAD_STORE=s3, or a file uploaded through one instance is missing on the others',
      { uploadDir: uploads.dir },
    )
  }
  return createFolderStore(uploads.dir)
}
