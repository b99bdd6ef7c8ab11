import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { ConfigError } from './errors'
import { readPrivateJson, writePrivateJson } from './private-file'

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
  const read = readPrivateJson(file, DemoSecrets)
  if (read.status === 'valid') return read.value
  if (read.status === 'damaged') throw damaged(file, read.detail)
  const secrets = {
    webhookSecret: randomBytes(24).toString('hex'),
    sessionSecret: randomBytes(32).toString('hex'),
  }
  writePrivateJson(file, secrets)
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
  const read = readPrivateJson(file, DemoAdmin)
  if (read.status === 'valid') return { password: read.value.password, created: false }
  if (read.status === 'damaged') throw damaged(file, read.detail)
  const password = randomBytes(12).toString('base64url')
  writePrivateJson(file, { password })
  return { password, created: true }
}

function damaged(file: string, detail: string): ConfigError {
  return new ConfigError([
    {
      variable: 'PORTHOLE_DEMO',
      problem: `${file} is damaged: delete it and start again (${detail})`,
    },
  ])
}
