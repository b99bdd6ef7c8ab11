import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config/load-config'
import { secretsOf } from '../../../server/start'
import { createTestEnv } from '../../support/test-config'
import { configProblems } from '../support/config-problems'

const CWD = '/srv/porthole'
const S3 = {
  UPLOAD_STORE: 's3',
  S3_BUCKET: 'chat-files',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
}

const problemsOf = (env: Record<string, string>) => configProblems(createTestEnv(env), CWD)

describe('UPLOAD_STORE and the S3_* variables', () => {
  it('keeps attachments in the folder by default, with 100 uploads a minute per address', () => {
    const { uploads } = loadConfig(createTestEnv(), { cwd: CWD })
    expect(uploads.store).toEqual({ kind: 'folder' })
    expect(uploads.perIpPerMinute).toBe(100)
    const limited = loadConfig(createTestEnv({ RATE_LIMIT_IP_UPLOADS_PER_MINUTE: '7' }), {
      cwd: CWD,
    })
    expect(limited.uploads.perIpPerMinute).toBe(7)
  })

  it('reads an AWS bucket: the regional endpoint and virtual-hosted addressing by default', () => {
    const { uploads } = loadConfig(createTestEnv({ ...S3, S3_REGION: 'eu-west-1' }), { cwd: CWD })
    expect(uploads.store).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'chat-files',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: S3.S3_SECRET_ACCESS_KEY,
      forcePathStyle: false,
      prefix: '',
    })
  })

  it('masks S3_SECRET_ACCESS_KEY in every log line', () => {
    const config = loadConfig(createTestEnv(S3), { cwd: CWD })
    expect(secretsOf(config)).toContain(S3.S3_SECRET_ACCESS_KEY)
  })

  it('reads a MinIO-style service: endpoint, path style, a prefix made to end in /', () => {
    const { uploads } = loadConfig(
      createTestEnv({
        ...S3,
        UPLOAD_STORE: ' S3 ',
        S3_ENDPOINT: 'http://10.0.0.5:9000/',
        S3_FORCE_PATH_STYLE: '1',
        S3_PREFIX: 'sites/shop',
      }),
      { cwd: CWD },
    )
    expect(uploads.store).toMatchObject({
      kind: 's3',
      endpoint: 'http://10.0.0.5:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'sites/shop/',
    })
  })

  it('names every missing S3 variable at once, saying what it is', () => {
    const problems = problemsOf({ UPLOAD_STORE: 's3' })
    expect(problems.S3_BUCKET).toMatch(/is not set: name the bucket/)
    expect(problems.S3_ACCESS_KEY_ID).toMatch(/s3:PutObject, s3:GetObject, s3:DeleteObject/)
    expect(problems.S3_SECRET_ACCESS_KEY).toMatch(/is not set: the secret of S3_ACCESS_KEY_ID/)
    expect(problemsOf({ UPLOAD_STORE: 'bucket' }).UPLOAD_STORE).toMatch(/must be folder .* or s3/)
  })

  it('refuses S3 variables without UPLOAD_STORE=s3 (the files would silently stay on disk)', () => {
    const { UPLOAD_STORE: _store, ...rest } = S3
    expect(problemsOf(rest).UPLOAD_STORE).toBe(
      'is folder (the default) but S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set: set UPLOAD_STORE=s3 to keep attachments in the bucket, or unset the S3_* variables',
    )
  })

  it('tells the fix for addresses virtual-hosted style cannot reach', () => {
    expect(problemsOf({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_FORCE_PATH_STYLE).toBe(
      'must be 1 with S3_ENDPOINT http://127.0.0.1:9000: an IP address or localhost cannot take the bucket as a sub-domain',
    )
    expect(problemsOf({ ...S3, S3_ENDPOINT: 'http://localhost:9000' }).S3_FORCE_PATH_STYLE).toMatch(
      /must be 1/,
    )
    expect(problemsOf({ ...S3, S3_BUCKET: 'files.example.com' }).S3_BUCKET).toMatch(
      /has dots, .*: set S3_FORCE_PATH_STYLE=1/,
    )
    expect(
      problemsOf({ ...S3, S3_ENDPOINT: 'https://chat-files.s3.eu-west-1.amazonaws.com' })
        .S3_ENDPOINT,
    ).toMatch(/starts with the bucket/)
  })

  it('refuses a malformed endpoint, bucket, region or prefix with an example of a good one', () => {
    for (const endpoint of ['s3.amazonaws.com', 'ftp://s3.example', 'https://s3.example/bucket'])
      expect(problemsOf({ ...S3, S3_ENDPOINT: endpoint }).S3_ENDPOINT).toMatch(
        /must be the service’s address alone, e.g. https:/,
      )
    expect(problemsOf({ ...S3, S3_BUCKET: 'Chat_Files' }).S3_BUCKET).toMatch(/lowercase letters/)
    expect(problemsOf({ ...S3, S3_REGION: 'EU West' }).S3_REGION).toMatch(/e.g. eu-west-1/)
    for (const prefix of ['/abs', 'a//b', 'a/../b', 'sp ace'])
      expect(problemsOf({ ...S3, S3_PREFIX: prefix }).S3_PREFIX, prefix).toMatch(/e.g. porthole\//)
    // Path style reaches the older names too.
    const legacy = loadConfig(
      createTestEnv({ ...S3, S3_BUCKET: 'Chat_Files', S3_FORCE_PATH_STYLE: '1' }),
      { cwd: CWD },
    )
    expect(legacy.uploads.store).toMatchObject({ bucket: 'Chat_Files' })
  })
})
