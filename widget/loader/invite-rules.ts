import type { PublicInvitation } from '../../shared/widget-api'
import { isNonEmptyString, isRecord, type Json, optional, pick } from '../protocol/read'

// The public config's `invitations`, parsed in the invitation's chunk that uses them, so
// the loader does not carry their rules (parsePublicConfig checks only that they are a
// list). Mirrors PublicInvitation of shared/widget-api.ts (tests/widget/protocol checks
// they agree).

const isPattern = (value: unknown): value is string =>
  isNonEmptyString(value) && value.length <= 200
const isSeconds = (value: unknown): value is number =>
  Number.isFinite(value) && (value as number) >= 0
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
const isOneOf =
  (...values: string[]) =>
  (value: unknown): value is string =>
    values.includes(value as string)

const UTM_KEYS = ['source', 'medium', 'campaign']
const CONDITIONS: Record<keyof PublicInvitation['when'], (value: unknown) => boolean> = {
  pages: (value) => Array.isArray(value) && value.every(isPattern),
  secondsOnPage: isSeconds,
  secondsOnSite: isSeconds,
  minPageViews: (value) => Number.isSafeInteger(value) && (value as number) > 0,
  agentsOnline: isBoolean,
  device: isOneOf('desktop', 'mobile'),
  referrer: isPattern,
  utm: (value) => isRecord(value) && UTM_KEYS.every((key) => optional(value[key], isPattern)),
  newVisitorsOnly: isBoolean,
}
const CONDITION_KEYS = Object.keys(CONDITIONS) as (keyof typeof CONDITIONS)[]

function parseInvitation(value: unknown): PublicInvitation | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.text) || !isRecord(value.when)) return undefined
  if (!isOneOf('once-per-visitor', 'once-per-session', 'every-page-view')(value.frequency))
    return undefined
  const when: Json = value.when
  if (!CONDITION_KEYS.every((key) => when[key] === undefined || CONDITIONS[key](when[key])))
    return undefined
  const conditions = pick(when, CONDITION_KEYS)
  if (isRecord(conditions.utm)) conditions.utm = pick(conditions.utm, UTM_KEYS)
  return {
    text: value.text,
    when: conditions,
    frequency: value.frequency as PublicInvitation['frequency'],
  }
}

/** Parses the config's `invitations`; undefined when any rule is unreadable. */
export function parseInvitations(value: unknown): PublicInvitation[] | undefined {
  if (!Array.isArray(value)) return undefined
  const rules = value.map(parseInvitation)
  return rules.every((rule) => rule !== undefined) ? (rules as PublicInvitation[]) : undefined
}
