import type { PublicConfig, PublicConfigAdditions } from '../../shared/widget-api'
import { isNonEmptyString, isRecord, isString, optional, pick } from './read'

// Mirrors PublicConfig of shared/widget-api.ts as one rule per field, so the loader can
// check the tag's data-attribute overrides with the very same rules.

export const POSITIONS: readonly string[] = ['bottom-right', 'bottom-left']
const LANGS: readonly string[] = ['en', 'ru']

const isSeconds = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value < Number.POSITIVE_INFINITY

function isInvite(value: unknown): boolean {
  return (
    isRecord(value) &&
    isNonEmptyString(value.text) &&
    isSeconds(value.delaySeconds) &&
    optional(
      value.pages,
      (pages): pages is string[] =>
        Array.isArray(pages) && pages.every((page) => isNonEmptyString(page) && page.length <= 200),
    )
  )
}

/** The fields this widget reads; the studio's additions are left for the next one. */
export type WidgetConfigKey = Exclude<keyof PublicConfig, keyof PublicConfigAdditions>

/** One check per PublicConfig field this widget reads. */
export const CONFIG_RULES: Record<WidgetConfigKey, (value: unknown) => boolean> = {
  title: isString,
  color: (value) => isString(value) && /^#[0-9a-fA-F]{3,8}$/.test(value),
  position: (value) => POSITIONS.includes(value as string),
  lang: (value) => value === undefined || LANGS.includes(value as string),
  greeting: (value) => optional(value, isString),
  offlineText: (value) => optional(value, isString),
  invite: (value) => value === undefined || isInvite(value),
  sound: (value) => typeof value === 'boolean',
  statusPollSeconds: (value) => isSeconds(value) && value > 0,
}

/** Parses GET /api/config; undefined when any field breaks its rule. */
export function parsePublicConfig(value: unknown): PublicConfig | undefined {
  if (!isRecord(value)) return undefined
  const keys = Object.keys(CONFIG_RULES) as WidgetConfigKey[]
  if (!keys.every((key) => CONFIG_RULES[key](value[key]))) return undefined
  const config = pick(value, keys) as PublicConfig
  if (config.invite)
    config.invite = pick(config.invite, ['text', 'delaySeconds', 'pages']) as PublicConfig['invite']
  return config
}
