import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { keepPrivate, writePrivateFile } from '../../server/config/private-file'
import { DemoStartError } from './errors'

const DemoBot = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,256}$/) })
type DemoBot = z.infer<typeof DemoBot>

/**
 * The demo bot's token, generated once and kept in `<dataDir>/demo-bot.json`: the
 * sandbox's state file keeps the provider registration, so the token must not change.
 * The file is private to its owner (0600).
 */
export function loadDemoBotToken(dataDir: string): string {
  const file = join(dataDir, 'demo-bot.json')
  if (existsSync(file)) {
    keepPrivate(file)
    let json: unknown
    try {
      json = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      json = undefined
    }
    const parsed = DemoBot.safeParse(json)
    if (parsed.success) return parsed.data.token
    throw new DemoStartError(`${file} is damaged: delete it and run npm start again`)
  }
  const bot: DemoBot = { token: randomBytes(24).toString('hex') }
  mkdirSync(dataDir, { recursive: true })
  writePrivateFile(file, `${JSON.stringify(bot, null, 2)}\n`)
  return bot.token
}
