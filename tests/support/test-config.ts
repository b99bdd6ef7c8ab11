import type { Config } from '../../server/config/config'
import { loadConfig } from '../../server/config/load-config'
import { parseSettings } from '../../server/settings/load-settings'
import type { Settings } from '../../shared/settings/settings-file'

export const TEST_CHANNEL_URL = 'https://service.test/s3cr3tRandomPath/chan42'
export const TEST_WEBHOOK_SECRET = 'hook-secret-0123456789abcdef'
export const TEST_SESSION_SECRET = 'session-secret-0123456789abcdef0123456789'
export const TEST_IDENTITY_SECRET = 'identity-secret-0123456789'

/** A valid environment for the backend; override any variable. */
export function createTestEnv(
  overrides: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    PORT: '0',
    PUBLIC_URL: 'http://porthole.test',
    CHANNEL_URL: TEST_CHANNEL_URL,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    SESSION_SECRET: TEST_SESSION_SECRET,
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    ALLOWED_ORIGINS: 'https://shop.example',
    STORE_URL: 'memory:',
    PORTHOLE_CONFIG: undefined,
    ...overrides,
  }
}

export function createTestConfig(
  overrides: Partial<Config> = {},
  env: Record<string, string | undefined> = {},
): Config {
  // cwd without a porthole.config.json, so no settings file is picked up by accident.
  return { ...loadConfig(createTestEnv(env), { cwd: '/nonexistent-porthole-test' }), ...overrides }
}

export function createTestSettings(json: Record<string, unknown> = {}): Settings {
  return parseSettings({ title: 'Help desk', color: '#112233', ...json })
}
