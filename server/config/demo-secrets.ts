import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { ConfigError } from './errors'
import { keepPrivate, writePrivateFile } from './private-file'

const DemoSecrets = z.object({
  webhookSecret: z.string().min(16),
  sessionSecret: z.string().min(32),
})
export type DemoSecrets = z.infer<typeof DemoSecrets>

/**
 * Demo mode only: secrets generated once and kept in `<dataDir>/demo-secrets.json`,
 * so visitors' tokens and the webhook URL survive a restart of the demo. The file is
 * private to its owner (0600), also when an older version wrote it.
 */
export function loadDemoSecrets(dataDir: string): DemoSecrets {
  const file = join(dataDir, 'demo-secrets.json')
  if (existsSync(file)) {
    keepPrivate(file)
    const parsed = DemoSecrets.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (parsed.success) return parsed.data
    throw new ConfigError([
      { variable: 'PORTHOLE_DEMO', problem: `${file} is damaged: delete it and start again` },
    ])
  }
  const secrets = {
    webhookSecret: randomBytes(24).toString('hex'),
    sessionSecret: randomBytes(32).toString('hex'),
  }
  mkdirSync(dataDir, { recursive: true })
  writePrivateFile(file, `${JSON.stringify(secrets, null, 2)}\n`)
  return secrets
}

const DemoAdmin = z.object({ password: z.string().min(12) })

/**
 * Demo mode only: the settings studio's password, generated once and kept in
 * `<dataDir>/demo-admin.json` (0600). `created` is true the one time it is made, so the
 * demo prints it once; afterwards it is read from that file.
 */
export function loadDemoAdminPassword(dataDir: string): { password: string; created: boolean } {
  const file = join(dataDir, 'demo-admin.json')
  if (existsSync(file)) {
    keepPrivate(file)
    let json: unknown
    try {
      json = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      json = undefined
    }
    const parsed = DemoAdmin.safeParse(json)
    if (parsed.success) return { password: parsed.data.password, created: false }
    throw new ConfigError([
      { variable: 'PORTHOLE_DEMO', problem: `${file} is damaged: delete it and start again` },
    ])
  }
  const password = randomBytes(12).toString('base64url')
  mkdirSync(dataDir, { recursive: true })
  writePrivateFile(file, `${JSON.stringify({ password }, null, 2)}\n`)
  return { password, created: true }
}
