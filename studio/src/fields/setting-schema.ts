import type { z } from 'zod'
import { BotSettings } from '../../../shared/settings/bot-rules'
import { SettingsFile } from '../../../shared/settings/settings-file'

// What the settings schema says of one setting, read by the form's fields so a bound, a
// default or a choice is written once, in the schema (shared/settings/): a field's
// `min`/`max`, what an absent setting means, the values a choice allows.

export type SettingFacts = {
  min?: number
  max?: number
  /** The schema's default: what the setting means when it is left out. */
  fallback?: unknown
  /** The values of an enumeration. */
  options?: readonly string[]
  /** The longest text a string setting takes. */
  maxLength?: number
}

type Def = {
  type: string
  innerType?: Schema
  in?: Schema
  element?: Schema
  shape?: Record<string, Schema>
  defaultValue?: unknown
}
type Schema = {
  _zod: { def: Def }
  minValue?: number | null
  maxValue?: number | null
  options?: readonly string[]
  maxLength?: number | null
}

const asSchema = (schema: z.ZodType): Schema => schema as unknown as Schema

/** The schema at `path` below `schema` (list indexes as numbers or `#`), with the first default met on the way. */
function walk(schema: Schema, segments: string[]): { schema?: Schema; fallback?: unknown } {
  let at: Schema | undefined = schema
  let fallback: unknown
  const unwrap = () => {
    for (let def = at?._zod.def; def; def = at?._zod.def) {
      if (def.type === 'default') {
        fallback ??= def.defaultValue
        at = def.innerType
      } else if (def.type === 'optional' || def.type === 'nullable') at = def.innerType
      else if (def.type === 'pipe') at = def.in
      else return
    }
  }
  unwrap()
  for (const segment of segments) {
    const def: Def | undefined = at?._zod.def
    fallback = undefined
    if (def?.type === 'object') at = def.shape?.[segment]
    else if (def?.type === 'array' && /^(?:\d+|#)$/.test(segment)) at = def.element
    else return {}
    unwrap()
  }
  return { schema: at, fallback }
}

/**
 * The facts of the setting at `path` (`statusPollSeconds`, `offsets.x`,
 * `invitations.0.when.secondsOnPage`, `bot.rules.#.lang`); empty for a path the schema
 * does not know.
 *
 * @example settingFacts('statusPollSeconds') // { min: 5, max: 3600, fallback: 30 }
 */
export function settingFacts(path: string): SettingFacts {
  const [first = '', ...rest] = path.split('.')
  // The bot's rules are checked with their own schema (SettingsFile keeps them unknown).
  const { schema, fallback } =
    first === 'bot'
      ? walk(asSchema(BotSettings), rest)
      : walk(asSchema(SettingsFile), [first, ...rest])
  if (!schema) return {}
  const facts: SettingFacts = {}
  if (fallback !== undefined) facts.fallback = fallback
  if (schema._zod.def.type === 'number') {
    if (typeof schema.minValue === 'number' && Number.isFinite(schema.minValue))
      facts.min = schema.minValue
    if (typeof schema.maxValue === 'number' && Number.isFinite(schema.maxValue))
      facts.max = schema.maxValue
  }
  if (schema._zod.def.type === 'enum' && schema.options) facts.options = schema.options
  if (schema._zod.def.type === 'string' && typeof schema.maxLength === 'number')
    facts.maxLength = schema.maxLength
  return facts
}
