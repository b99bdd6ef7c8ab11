import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../server/config/errors'
import { loadConfig } from '../../../server/config/load-config'
import { loadSettings } from '../../../server/settings/load-settings'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { useTempDirs } from '../../support/temp-dirs'
import { createTestEnv } from '../../support/test-config'
import { configProblems } from '../support/config-problems'

const tempDir = useTempDirs('porthole-config-')

const problemsOf = (env: Record<string, string | undefined>, cwd = tempDir()) =>
  configProblems(env, cwd)

describe('loadConfig', () => {
  it('reads a complete environment with defaults for everything else', () => {
    const config = loadConfig(
      createTestEnv({ PORT: '8080', PUBLIC_URL: 'https://chat.example.com/' }),
      { cwd: tempDir() },
    )
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://chat.example.com',
      channel: {
        url: 'https://service.test/s3cr3tRandomPath/chan42',
        statusUrl: 'https://service.test/s3cr3tRandomPath/chan42/status',
        publicId: 'chan42',
      },
      allowedOrigins: ['https://shop.example'],
      statusCacheMs: 15_000,
      retryIntervalMs: 3000,
      retries: 3,
      heartbeatMs: 25_000,
      retention: { maxAgeMs: 30 * 24 * 3600 * 1000, maxEntries: 1000 },
      bot: undefined,
    })
  })

  it('names every missing secret and says how to fix it', () => {
    const problems = problemsOf(
      createTestEnv({ CHANNEL_URL: undefined, WEBHOOK_SECRET: undefined, SESSION_SECRET: '' }),
    )
    expect(Object.keys(problems).sort()).toEqual([
      'CHANNEL_URL',
      'SESSION_SECRET',
      'WEBHOOK_SECRET',
    ])
    expect(problems.CHANNEL_URL).toMatch(/channel settings/)
    expect(problems.SESSION_SECRET).toMatch(/openssl rand/)
  })

  it.each([
    ['PORT', 'eighty', /whole number/],
    ['PORT', '70000', /at most 65535/],
    ['CHANNEL_URL', 'not a url', /not a URL/],
    ['CHANNEL_URL', 'https://service.test/only-one-segment', /random_string/],
    ['CHANNEL_URL', 'ftp://service.test/a/b', /https/],
    ['WEBHOOK_SECRET', 'short', /at least 16/],
    ['WEBHOOK_SECRET', 'has/slash/in/it/0123456789', /letters, digits/],
    ['SESSION_SECRET', 'too-short', /at least 32/],
    ['ALLOWED_ORIGINS', 'https://shop.example/path', /drop any path/],
    ['ALLOWED_ORIGINS', 'shop.example', /not an origin/],
    ['STATUS_CACHE_SECONDS', '0', /at least 1/],
    ['PUBLIC_URL', 'chat.example.com', /http/],
    ['TRUST_PROXY', 'yes', /1 \(on\) or 0/],
    ['UPLOAD_QUOTA_MB_PER_VISITOR', '5', /at least UPLOAD_MAX_MB \(10\)/],
    ['UPLOAD_QUOTA_MB_PER_IP', 'lots', /whole number/],
    ['UPLOAD_QUOTA_HOURS', '0', /at least 1/],
    ['DISK_FREE_FLOOR_MB', '-1', /whole number/],
    ['RETENTION_MAX_DELETE_PERCENT', '0', /at least 1/],
    ['RETENTION_START_DELAY_SECONDS', '90000', /at most 86400/],
    ['RETENTION_MESSAGES_DAYS', '0', /at least 1/],
    ['RETENTION_FILES_DAYS', '3651', /at most 3650/],
    ['RETENTION_EMAILS_DAYS', 'a week', /whole number from 1 to 3650/],
    ['RETENTION_RATINGS_DAYS', '-5', /whole number/],
    ['RETENTION_CONSENTS_DAYS', '1.5', /whole number/],
  ])('refuses %s=%s', (variable, value, message) => {
    expect(problemsOf(createTestEnv({ [variable]: value }))[variable]).toMatch(message)
  })

  it('keeps each kind RETENTION_DAYS unless its own RETENTION_<KIND>_DAYS says otherwise', () => {
    const day = 86_400_000
    const kinds = (env: Record<string, string>) =>
      loadConfig(createTestEnv(env), { cwd: tempDir() }).retention.kinds
    expect(kinds({})).toEqual({
      messages: 30 * day,
      files: 30 * day,
      emails: 30 * day,
      ratings: 30 * day,
      consents: 30 * day,
    })
    expect(
      kinds({ RETENTION_DAYS: '90', RETENTION_CONSENTS_DAYS: '1095', RETENTION_FILES_DAYS: '7' }),
    ).toEqual({
      messages: 90 * day,
      files: 7 * day,
      emails: 90 * day,
      ratings: 90 * day,
      consents: 1095 * day,
    })
    expect(
      kinds({
        RETENTION_MESSAGES_DAYS: '14',
        RETENTION_EMAILS_DAYS: '3',
        RETENTION_RATINGS_DAYS: '365',
      }),
    ).toEqual({
      messages: 14 * day,
      files: 30 * day,
      emails: 3 * day,
      ratings: 365 * day,
      consents: 30 * day,
    })
  })

  it('wants the bot settings all together or not at all', () => {
    const problems = problemsOf(createTestEnv({ BOT_TOKEN: 'bot-token-0123456789abcdef' }))
    expect(Object.keys(problems).sort()).toEqual(['BOT_BASE_URL', 'BOT_PROVIDER_ID'])
    const config = loadConfig(
      createTestEnv({
        BOT_TOKEN: 'bot-token-0123456789abcdef',
        BOT_PROVIDER_ID: 'porthole',
        BOT_BASE_URL: 'https://bot.service.test/',
      }),
      { cwd: tempDir() },
    )
    expect(config.bot).toEqual({
      token: 'bot-token-0123456789abcdef',
      providerId: 'porthole',
      baseUrl: 'https://bot.service.test',
    })
  })

  it('in demo mode generates missing secrets once and keeps them across restarts', () => {
    const cwd = tempDir()
    const env = createTestEnv({
      PORTHOLE_DEMO: '1',
      WEBHOOK_SECRET: undefined,
      SESSION_SECRET: undefined,
    })
    const first = loadConfig(env, { cwd })
    const second = loadConfig(env, { cwd })
    expect(first.sessionSecret).toHaveLength(64)
    expect(second.sessionSecret).toBe(first.sessionSecret)
    expect(second.webhookSecret).toBe(first.webhookSecret)
    expect(readFileSync(join(cwd, 'data', 'demo-secrets.json'), 'utf8')).toContain(
      first.sessionSecret,
    )
  })

  it('picks up porthole.config.json from the working directory, and reports a missing PORTHOLE_CONFIG', () => {
    const cwd = tempDir()
    writeFileSync(join(cwd, 'porthole.config.json'), '{}')
    expect(loadConfig(createTestEnv(), { cwd }).settingsPath).toBe(
      join(cwd, 'porthole.config.json'),
    )
    expect(problemsOf(createTestEnv({ PORTHOLE_CONFIG: 'missing.json' })).PORTHOLE_CONFIG).toMatch(
      /does not exist/,
    )
  })

  it('puts every problem in one message', () => {
    const error = new ConfigError([
      { variable: 'A', problem: 'one' },
      { variable: 'B', problem: 'two' },
    ])
    expect(error.message).toBe(
      'Porthole cannot start, fix the configuration:\n  - A: one\n  - B: two',
    )
  })
})

describe('loadSettings', () => {
  it('applies defaults and keeps the bot section for the bot module', () => {
    const dir = tempDir()
    const file = join(dir, 'settings.json')
    writeFileSync(
      file,
      JSON.stringify({
        title: 'Ask us',
        invite: { text: 'Hi!', pages: ['/docs/*'] },
        bot: { rules: [] },
      }),
    )
    const settings = loadSettings(file)
    expect(publicConfigOf(settings, 'en', Date.now())).toMatchObject({
      title: 'Ask us',
      color: '#1f6feb',
      position: 'bottom-right',
      invite: { text: 'Hi!', delaySeconds: 30, pages: ['/docs/*'] },
      sound: true,
      statusPollSeconds: 30,
    })
    expect(settings.bot).toEqual({ rules: [] })
  })

  it('names the bad key of the file, typos included', () => {
    const dir = tempDir()
    const file = join(dir, 'settings.json')
    writeFileSync(file, JSON.stringify({ colour: '#fff', position: 'top' }))
    expect(() => loadSettings(file)).toThrow(/position: .*colour|colour.*position/s)
    writeFileSync(file, '{ not json')
    expect(() => loadSettings(file)).toThrow(/not readable JSON/)
  })
})
