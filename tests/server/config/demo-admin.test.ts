import { chmodSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadDemoAdminPassword } from '../../../server/config/demo-secrets'
import { isConfigError } from '../../../server/config/errors'
import { loadConfig } from '../../../server/config/load-config'
import { useTempDirs } from '../../support/temp-dirs'
import { createTestEnv } from '../../support/test-config'
import { thrownBy } from '../support/config-problems'

const tempDir = useTempDirs('porthole-demo-admin-')

describe("the demo's studio password", () => {
  it('is generated once (created: true that time only), 0600, long enough for ADMIN_PASSWORD', () => {
    const dir = tempDir()
    const first = loadDemoAdminPassword(dir)
    expect(first.created).toBe(true)
    const file = join(dir, 'demo-admin.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    chmodSync(file, 0o644)
    const second = loadDemoAdminPassword(dir)
    expect(second).toEqual({ password: first.password, created: false })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const config = loadConfig(createTestEnv({ ADMIN_PASSWORD: first.password }), { cwd: dir })
    expect(config.admin?.password).toBe(first.password)
  })

  it('refuses a damaged file with what to do', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'demo-admin.json'), '{"password": "short"}')
    const error = thrownBy(() => loadDemoAdminPassword(dir))
    expect(isConfigError(error)).toBe(true)
    expect(String(error)).toMatch(/demo-admin\.json is damaged: delete it/)
  })

  it('ADMIN_TOKEN alone is refused: the studio is off without a password', () => {
    expect(() =>
      loadConfig(createTestEnv({ ADMIN_TOKEN: 'x'.repeat(24) }), { cwd: tempDir() }),
    ).toThrow(/ADMIN_TOKEN: needs ADMIN_PASSWORD/)
  })
})
