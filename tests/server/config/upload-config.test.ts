import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config/load-config'
import { UPLOAD_TYPE_NAMES } from '../../../shared/upload-types'
import { createTestEnv } from '../../support/test-config'
import { configProblems } from '../support/config-problems'

const CWD = '/srv/porthole'

const problemsOf = (env: Record<string, string>) => configProblems(createTestEnv(env), CWD)

describe('attachment configuration', () => {
  it('defaults: 10 MB, every type, <PORTHOLE_DATA_DIR>/uploads, 20 uploads a minute per visitor, 100 per address', () => {
    const { uploads } = loadConfig(createTestEnv(), { cwd: CWD })
    expect(uploads).toEqual({
      maxBytes: 10 * 1024 * 1024,
      types: [...UPLOAD_TYPE_NAMES],
      dir: '/srv/porthole/data/uploads',
      store: { kind: 'folder' },
      perVisitorPerMinute: 20,
      perIpPerMinute: 100,
    })
    const moved = loadConfig(createTestEnv({ PORTHOLE_DATA_DIR: '/var/lib/porthole' }), {
      cwd: CWD,
    })
    expect(moved.uploads.dir).toBe('/var/lib/porthole/uploads')
  })

  it('reads UPLOAD_MAX_MB, UPLOAD_TYPES (jpg is jpeg, dots and case ignored) and UPLOAD_DIR', () => {
    const { uploads } = loadConfig(
      createTestEnv({
        UPLOAD_MAX_MB: '25',
        UPLOAD_TYPES: ' .PNG, jpg ,pdf,png',
        UPLOAD_DIR: 'files',
        RATE_LIMIT_UPLOADS_PER_MINUTE: '5',
      }),
      { cwd: CWD },
    )
    expect(uploads).toEqual({
      maxBytes: 25 * 1024 * 1024,
      types: ['png', 'jpeg', 'pdf'],
      dir: '/srv/porthole/files',
      store: { kind: 'folder' },
      perVisitorPerMinute: 5,
      perIpPerMinute: 100,
    })
  })

  it('reports every bad attachment variable at once, saying how to fix it', () => {
    const problems = problemsOf({ UPLOAD_MAX_MB: '0', UPLOAD_TYPES: 'png,exe' })
    expect(problems.UPLOAD_MAX_MB).toBe('must be at least 1')
    expect(problems.UPLOAD_TYPES).toBe(
      `"exe" is not a type Porthole accepts: list some of ${UPLOAD_TYPE_NAMES.join(', ')}`,
    )
    expect(problemsOf({ UPLOAD_TYPES: ' , ' }).UPLOAD_TYPES).toMatch(/must list at least one/)
    expect(problemsOf({ UPLOAD_MAX_MB: '10.5' }).UPLOAD_MAX_MB).toMatch(/whole number/)
  })
})
