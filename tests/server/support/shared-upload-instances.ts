import { afterEach } from 'vitest'
import type { UploadStore } from '../../../server/config/config'
import { createLogger } from '../../../server/logging/logger'
import { useRedisInstances } from './redis-instances'
import { type S3Emulator, s3ConfigOf, startS3Emulator } from './s3-server'
import { createUploadTestApp, type UploadTestApp } from './upload-app'

type Uploads = Parameters<typeof createUploadTestApp>[0]

/**
 * Inside a `describeRedis`: the instances of one deployment for the upload routes, one
 * Redis and one S3 bucket shared. `twoInstances` starts a fresh bucket and two apps on it;
 * all are stopped after the test (the stores after the suite).
 */
export function useSharedUploadInstances(prefix: string) {
  const redis = useRedisInstances()
  const apps: UploadTestApp[] = []
  let s3: S3Emulator | undefined
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.cleanup()
    await s3?.close()
    s3 = undefined
  })
  return {
    async twoInstances(
      uploads: Uploads,
      env: Record<string, string>,
    ): Promise<[UploadTestApp, UploadTestApp]> {
      s3 = await startS3Emulator()
      const bucket: UploadStore = { kind: 's3', ...s3ConfigOf(s3, '') }
      const instance = async () => {
        const store = await redis.openStore({
          prefix: `${prefix}-${process.pid}:`,
          logger: createLogger({ write: () => {} }),
        })
        const app = await createUploadTestApp(
          { ...uploads, store: bucket },
          { store },
          { TRUST_PROXY: '1', STORE_URL: redis.url, ...env },
        )
        apps.push(app)
        return app
      }
      return [await instance(), await instance()]
    },
  }
}
