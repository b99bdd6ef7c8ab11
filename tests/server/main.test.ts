import { networkInterfaces } from 'node:os'
import { describe, expect, it, vi } from 'vitest'
import { runEntry } from '../support/run-entry'
import { createTestEnv, TEST_SESSION_SECRET, TEST_WEBHOOK_SECRET } from '../support/test-config'
import { REAL_WORK_TIMEOUT_MS } from '../support/timeouts'

/** vi.waitFor with room for a busy machine: real sockets and stores answer when they can. */
function eventually<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
) {
  return vi.waitFor(check, { timeout: REAL_WORK_TIMEOUT_MS, interval: 25, ...options })
}

/** Runs the production entry (server/main.ts through tsx) with exactly `env`. */
function runMain(env: Record<string, string | undefined>) {
  return runEntry('server/main.ts', env)
}

describe('server/main.ts (npm run serve)', () => {
  it('stops with a message naming each bad variable and how to fix it', async () => {
    const { out, exited } = runMain({ PORT: 'x', CHANNEL_URL: 'nope', PORTHOLE_CONFIG: undefined })
    expect(await exited).toBe(1)
    expect(out.stderr).toContain('Porthole cannot start, fix the configuration:')
    expect(out.stderr).toMatch(/- PORT: must be a whole number/)
    expect(out.stderr).toMatch(/- CHANNEL_URL: is not a URL/)
    expect(out.stderr).toMatch(/- WEBHOOK_SECRET: is not set/)
    expect(out.stderr).toMatch(/- SESSION_SECRET: is not set/)
  }, 30_000)

  it('says it listens on every address when it does (no HOST), and answers on them', async () => {
    const env = createTestEnv({ PORT: '0', HOST: undefined })
    const { child, out, exited } = runMain(env)
    await eventually(() => expect(out.stderr).toContain('Webhook URL'), {
      timeout: 20_000,
      interval: 100,
    })
    const port = out.stderr.match(
      /listening on every address \((?:0\.0\.0\.0|::)\), port (\d+)/,
    )?.[1]
    expect(port, out.stderr).toBeDefined()
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    // Reached on an address of this machine other than loopback, where it has one.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((item) => item && item.family === 'IPv4' && !item.internal)
    if (external)
      expect((await fetch(`http://${external.address}:${port}/healthz`)).status).toBe(200)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  }, 30_000)

  it('prints where it listens and the webhook URL, logs JSON, and shuts down on SIGTERM', async () => {
    const env = createTestEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://chat.example.com',
    })
    const { child, out, exited } = runMain(env)
    await eventually(() => expect(out.stderr).toContain('Webhook URL'), {
      timeout: 20_000,
      interval: 100,
    })
    // Masked: stderr is a log too; the operator has the secret in the configuration.
    expect(out.stderr).toContain(
      `https://chat.example.com/hooks/****${TEST_WEBHOOK_SECRET.slice(-4)}`,
    )
    expect(out.stderr).not.toContain(TEST_WEBHOOK_SECRET)
    const url = out.stderr.match(/listening on [^\n]*?(http:\/\/\S+)/)?.[1]
    expect(url).toBeDefined()
    // Bound to one address (HOST): the line names that address, not "every address".
    expect(out.stderr).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ /)
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    const lines = out.stdout.trim().split('\n')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(
      expect.arrayContaining(['listening', 'request', 'stopped']),
    )
    expect(out.stdout).not.toContain(TEST_WEBHOOK_SECRET)
    expect(out.stdout).not.toContain(TEST_SESSION_SECRET)
  }, 30_000)
})
