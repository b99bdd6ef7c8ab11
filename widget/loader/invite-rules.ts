import type {
  Device,
  InvitationConditions,
  InviteFrequency,
  PublicInvitation,
} from '../../shared/widget-api'
import { isNonEmptyString, isRecord, type Json } from '../protocol/read'

// The public config's `invitations`, parsed in the invitation's chunk that uses them, so
// the loader does not carry their rules (parsePublicConfig checks only that they are a
// list). Mirrors PublicInvitation and InvitationConditions of shared/widget-api.ts, the
// rules the settings hold too (tests/widget/protocol checks they agree): a condition this
// widget does not know makes the rule unreadable rather than ignored.

type Check = (value: unknown) => boolean

const isPattern = (value: unknown): value is string =>
  isNonEmptyString(value) && value.length <= 200
const isSeconds = (value: unknown): value is number =>
  Number.isFinite(value) && (value as number) >= 0 && (value as number) <= 86_400
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
/**
 * The contract's devices and frequencies, written here rather than imported: the loader's
 * file would have to export the shared lists to this chunk (bytes before engagement).
 * Typed by them, so a value added to either does not compile until it is here.
 */
const DEVICE: Record<Device, 1> = { desktop: 1, mobile: 1 }
const FREQUENCY: Record<InviteFrequency, 1> = {
  'once-per-visitor': 1,
  'once-per-session': 1,
  'every-page-view': 1,
}
const isKeyOf =
  (record: object) =>
  (value: unknown): value is string =>
    typeof value === 'string' && Object.hasOwn(record, value)

/** A record with no key but `checks`' own, each absent or passing its check. */
const fits = (value: unknown, checks: Record<string, Check>): value is Json =>
  isRecord(value) &&
  Object.keys(value).every(
    (key) =>
      Object.hasOwn(checks, key) &&
      (value[key] === undefined || (checks[key] as Check)(value[key])),
  )

const UTM: Record<keyof NonNullable<InvitationConditions['utm']>, Check> = {
  source: isPattern,
  medium: isPattern,
  campaign: isPattern,
}
const CONDITIONS: Record<keyof InvitationConditions, Check> = {
  pages: (value) => Array.isArray(value) && value.length <= 100 && value.every(isPattern),
  secondsOnPage: isSeconds,
  secondsOnSite: isSeconds,
  minPageViews: (value) =>
    Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 1000,
  agentsOnline: isBoolean,
  device: isKeyOf(DEVICE),
  referrer: isPattern,
  utm: (value) => fits(value, UTM),
  newVisitorsOnly: isBoolean,
}

function parseInvitation(value: unknown): PublicInvitation | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.text) || !fits(value.when, CONDITIONS))
    return undefined
  if (!isKeyOf(FREQUENCY)(value.frequency)) return undefined
  return {
    text: value.text,
    when: value.when as InvitationConditions,
    frequency: value.frequency as PublicInvitation['frequency'],
  }
}

/** Parses the config's `invitations`; undefined when any rule is unreadable. */
export function parseInvitations(value: unknown): PublicInvitation[] | undefined {
  if (!Array.isArray(value)) return undefined
  const rules = value.map(parseInvitation)
  return rules.every((rule) => rule !== undefined) ? (rules as PublicInvitation[]) : undefined
}
