import type { PublicConfig } from '../../shared/widget-api'
import {
  LAUNCHER_LABELS,
  OUTSIDE_HOURS,
  THEMES,
  WIDGET_POSITIONS,
} from '../../shared/widget-api/values'
import { LANGS } from '../i18n/language'
import { isRecord, isString, optional, pick } from './read'

// Mirrors PublicConfig of shared/widget-api.ts as one rule per field, so the loader can
// check the tag's data-attribute overrides with the very same rules. `invite`,
// `invitations` and `offlineForm` are only checked for their shape here: their contents
// are parsed where they are used (parseInvite in widget/loader/invite.ts and
// invite-rules.ts in the invitation's chunks, offline-form.ts in the chat's), so the
// loader does not carry their rules.

const isNumber = Number.isFinite as (value: unknown) => value is number
/** Absent, or an object (its contents are checked where they are used). */
const absentOrRecord = (value: unknown): boolean => optional(value, isRecord)
const isSeconds = (value: unknown): value is number => isNumber(value) && value >= 0
/** Absent, or one of the values. */
const oneOf =
  (values: readonly unknown[]) =>
  (value: unknown): boolean =>
    value === undefined || values.includes(value)

/** Absent, or an array (its items are checked where they are used). */
const absentOrArray = (value: unknown): boolean => value === undefined || Array.isArray(value)

// `ended` is read by the end-of-chat chunk from GET /api/config (widget/chat/ended/), `team`
// by the team chunk (widget/chat/answering/): the loader has no bytes to spare for them.
export type WidgetConfigKey = Exclude<keyof PublicConfig, 'ended' | 'team'>

/** One check per PublicConfig field. */
export const CONFIG_RULES: Record<WidgetConfigKey, (value: unknown) => boolean> = {
  title: isString,
  color: (value) => isString(value) && /^#[0-9a-fA-F]{3,8}$/.test(value),
  position: (value) => (WIDGET_POSITIONS as readonly unknown[]).includes(value),
  lang: (value) => value === undefined || LANGS.includes(value as string),
  greeting: (value) => optional(value, isString),
  offlineText: (value) => optional(value, isString),
  invite: absentOrRecord,
  sound: (value) => typeof value === 'boolean',
  statusPollSeconds: (value) => isSeconds(value) && value > 0,
  invitations: absentOrArray,
  businessHours: (value) =>
    value === undefined ||
    (isRecord(value) &&
      typeof value.openNow === 'boolean' &&
      oneOf(OUTSIDE_HOURS)(value.outside ?? 0)),
  offlineForm: absentOrRecord,
  launcherLabel: oneOf(LAUNCHER_LABELS),
  theme: oneOf(THEMES),
  offsets: (value) =>
    value === undefined || (isRecord(value) && isNumber(value.x) && isNumber(value.y)),
  // Parsed in the attachments chunk (upload-bodies.ts).
  uploads: absentOrRecord,
  // Parsed in the consent chunk (widget/chat/privacy/consent.tsx).
  consent: absentOrRecord,
  // Parsed in the pre-chat chunk (widget/chat/pre-chat/).
  preChat: absentOrRecord,
  // The site owner's own patterns: the chat masks every text with them once the masking
  // chunk is there (widget/chat/masking/), which compiles them.
  maskPatterns: absentOrArray,
}

/** Parses GET /api/config; undefined when any field breaks its rule. */
export function parsePublicConfig(value: unknown): PublicConfig | undefined {
  if (!isRecord(value)) return undefined
  const keys = Object.keys(CONFIG_RULES) as WidgetConfigKey[]
  if (!keys.every((key) => CONFIG_RULES[key](value[key]))) return undefined
  const config = pick(value, keys) as PublicConfig
  if (config.businessHours)
    config.businessHours = pick(config.businessHours, [
      'outside',
      'openNow',
    ]) as PublicConfig['businessHours']
  if (config.offsets) config.offsets = pick(config.offsets, ['x', 'y']) as PublicConfig['offsets']
  return config
}
