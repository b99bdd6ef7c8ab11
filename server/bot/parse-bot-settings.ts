import { BotSettings } from '../../shared/settings/bot-rules'
import { BotSettingsError } from './errors'

function ruleLabel(raw: unknown, index: number): string {
  const rules = typeof raw === 'object' && raw !== null ? Reflect.get(raw, 'rules') : undefined
  const rule: unknown = Array.isArray(rules) ? rules[index] : undefined
  const name = typeof rule === 'object' && rule !== null ? Reflect.get(rule, 'name') : undefined
  return typeof name === 'string' && name.trim() ? `rules[${index}] "${name}"` : `rules[${index}]`
}

function describePath(raw: unknown, path: readonly PropertyKey[]): string {
  let label = 'bot'
  for (let i = 0; i < path.length; i++) {
    const key = path[i]
    const next = path[i + 1]
    if (key === 'rules' && typeof next === 'number') {
      label += `.${ruleLabel(raw, next)}`
      i++
    } else label += typeof key === 'number' ? `[${key}]` : `.${String(key)}`
  }
  return label
}

/**
 * Validates the settings file's `bot` section (absent means all defaults).
 * Throws BotSettingsError naming each bad rule and field.
 *
 * @example parseBotSettings({ rules: [{ name: 'hours', keywords: ['open'], reply: 'Mon–Fri 9–18' }] })
 */
export function parseBotSettings(raw: unknown): BotSettings {
  const parsed = BotSettings.safeParse(raw ?? {})
  if (parsed.success) return parsed.data
  throw new BotSettingsError(
    parsed.error.issues.map((issue) => `${describePath(raw, issue.path)}: ${issue.message}`),
  )
}
