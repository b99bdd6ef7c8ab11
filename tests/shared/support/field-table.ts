import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { describeIssues } from '../../../shared/protocol'
import { deletePath, setPath } from '../../support/protocol-factories'

// Helpers for tests organised like the spec's tables: one row per field, each with
// values the schema must accept and values it must reject.

/** Stands for "the field is absent" in a row's values. */
export const ABSENT = Symbol('absent')

export interface FieldRow {
  field: string
  accepts: readonly unknown[]
  rejects: readonly unknown[]
}

function label(value: unknown): string {
  if (value === ABSENT) return '(absent)'
  if (typeof value === 'string' && value.length > 40) {
    return `${JSON.stringify(value.slice(0, 12))}... (${value.length} characters)`
  }
  const json = JSON.stringify(value)
  return json.length > 60 ? `${json.slice(0, 57)}...` : json
}

/** `[label, value]` pairs for it.each, so each value names its own test. */
export function cases(values: readonly unknown[]): Array<[string, unknown]> {
  return values.map((value) => [label(value), value])
}

/** A copy of `body` with `field` set to `value`, or removed when value is ABSENT. */
export function withField<T>(body: T, field: string, value: unknown): T {
  return value === ABSENT ? deletePath(body, field) : setPath(body, field, value)
}

/** Asserts the schema accepts `body` and returns the parsed value. */
export function expectAccepted<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body)
  if (!result.success)
    expect.fail(`expected the body to be accepted: ${describeIssues(result.error)}`)
  return result.data
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Asserts the schema rejects `body` with a message that names `field` (or a field inside it). */
export function expectRejected(schema: z.ZodType, body: unknown, field: string): string {
  const result = schema.safeParse(body)
  if (result.success) expect.fail(`expected the body to be rejected at ${field}`)
  const description = describeIssues(result.error)
  expect(description).toMatch(new RegExp(`(^|; )${escapeRegExp(field)}[.:]`))
  return description
}

/**
 * One describe a row (named by `title`, e.g. '$field'): each value the row accepts parses
 * into `schema`, each it rejects is refused with a message naming the field. `base` builds
 * the valid body the row's value is put into.
 */
export function describeFieldRows<R extends FieldRow>(
  title: string,
  schema: z.ZodType,
  rows: readonly R[],
  base: (row: R) => unknown,
): void {
  describe.each([...rows])(title, (row) => {
    it.each(cases(row.accepts))('accepts %s', (_label, value) => {
      expectAccepted(schema, withField(base(row), row.field, value))
    })
    it.each(cases(row.rejects))('rejects %s', (_label, value) => {
      expectRejected(schema, withField(base(row), row.field, value), row.field)
    })
  })
}
