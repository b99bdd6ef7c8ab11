import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { describeIssues } from '../../shared/protocol/errors'
import {
  LANGUAGES,
  PagePattern,
  type PublicConfig,
  WIDGET_POSITIONS,
} from '../../shared/widget-api'
import { ConfigError } from './errors'

/**
 * The site owner's settings file (PORTHOLE_CONFIG). Unknown keys are refused so a
 * typo is reported instead of silently ignored. `bot` belongs to the bot module,
 * which parses it with its own schema.
 */
export const SettingsFile = z.strictObject({
  title: z.string().trim().min(1).max(80).default('Chat with us'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour like #1f6feb')
    .default('#1f6feb'),
  position: z.enum(WIDGET_POSITIONS).default('bottom-right'),
  lang: z.enum(LANGUAGES).optional(),
  greeting: z.string().max(1000).optional(),
  offlineText: z.string().max(1000).optional(),
  invite: z
    .strictObject({
      text: z.string().trim().min(1).max(1000),
      delaySeconds: z.number().nonnegative().max(86_400).default(30),
      pages: z.array(PagePattern).max(100).optional(),
    })
    .optional(),
  sound: z.boolean().default(true),
  statusPollSeconds: z.number().min(5).max(3600).default(30),
  bot: z.unknown().optional(),
})
export type SettingsFile = z.infer<typeof SettingsFile>

export type Settings = {
  /** What GET /api/config returns. */
  public: PublicConfig
  /** The settings file's `bot` section, unparsed (the bot module's schema). */
  bot: unknown
}

/** Parses settings from a JSON value (the file's content). */
export function parseSettings(json: unknown, source = 'settings'): Settings {
  const parsed = SettingsFile.safeParse(json ?? {})
  if (!parsed.success) {
    throw new ConfigError([
      { variable: 'PORTHOLE_CONFIG', problem: `${source}: ${describeIssues(parsed.error)}` },
    ])
  }
  const { bot, ...rest } = parsed.data
  return { public: rest, bot }
}

/** Reads the settings file; the defaults when `path` is undefined. */
export function loadSettings(path: string | undefined): Settings {
  if (path === undefined) return parseSettings({})
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ConfigError([
      {
        variable: 'PORTHOLE_CONFIG',
        problem: `${path} is not readable JSON (${reason}): fix the file`,
      },
    ])
  }
  return parseSettings(json, path)
}
