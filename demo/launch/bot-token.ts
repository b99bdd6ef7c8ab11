import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { readPrivateJson, writePrivateJson } from '../../server/config/private-file'
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
  const read = readPrivateJson(file, DemoBot)
  if (read.status === 'valid') return read.value.token
  if (read.status === 'damaged') {
    throw new DemoStartError(
      `${file} is damaged: delete it and run npm start again (${read.detail})`,
    )
  }
  const bot: DemoBot = { token: randomBytes(24).toString('hex') }
  writePrivateJson(file, bot)
  return bot.token
}
