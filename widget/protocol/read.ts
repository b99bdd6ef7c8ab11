// Small readers for untrusted JSON. The widget cannot use the shared zod schemas at
// runtime (zod alone is several times the widget's whole size budget), so these
// hand-written parsers mirror them; tests/widget/protocol checks they agree.

export type Json = Record<string, unknown>

export { isRecord } from '../../shared/is-record'

/** True when the value is absent or passes the check. */
export function optional<T>(value: unknown, check: (value: unknown) => value is T): boolean {
  return value === undefined || check(value)
}

export function isString(value: unknown): value is string {
  return typeof value === 'string'
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0
}

/** Copies the listed keys that are present, so unknown fields never reach rendering. */
export function pick(source: Json, keys: readonly string[]): Json {
  const out: Json = {}
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key]
  return out
}
