import { readFileSync } from 'node:fs'
import { isRecord } from '../../shared/is-record'
import { describeIssues } from '../../shared/protocol/errors'
import { type Settings, SettingsFile } from '../../shared/settings/settings-file'
import { parseBotSettings } from '../bot/parse-bot-settings'
import { assertRunnablePatterns } from '../bot/rule-pattern'
import { ConfigError } from '../config/errors'
import { maskPatternProblems } from './mask-pattern-check'

// The settings file as the server reads it: the schema is shared (the studio checks
// with it too); reading the file and the errors that stop the start are the server's.

/**
 * Parses settings from a JSON value (the file's content); throws a ConfigError naming each
 * field, or the bot's BotSettingsError naming each bad rule.
 */
export function parseSettings(json: unknown, source = 'settings'): Settings {
  const parsed = SettingsFile.safeParse(json ?? {})
  if (!parsed.success) {
    // The bot's own error names each bad rule by its name.
    if (parsed.error.issues.some((issue) => issue.path[0] === 'bot') && isRecord(json))
      parseBotSettings(json.bot)
    throw new ConfigError([
      { variable: 'PORTHOLE_CONFIG', problem: `${source}: ${describeIssues(parsed.error)}` },
    ])
  }
  return parsed.data
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
  const settings = parseSettings(json, path)
  // The bot runs patterns in a linear-time engine; the file may not hold one it cannot run.
  assertRunnablePatterns(settings.bot)
  const masking = maskPatternProblems(settings.privacy)
  if (masking.length > 0)
    throw new ConfigError(
      masking.map(({ path: field, message }) => ({
        variable: 'PORTHOLE_CONFIG',
        problem: `${path}: ${field} ${message}`,
      })),
    )
  return settings
}
