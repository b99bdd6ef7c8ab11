// One call to the backend's admin API, as every part of the studio makes it: the session
// cookie, JSON answers, and every failure a StudioApiError with the API's error code.

import { isRecord } from '../../shared/is-record'

export interface FieldProblem {
  path: string
  message: string
}

/** A failed call: its HTTP status, the API's error code and, for 400, the bad fields or line. */
export class StudioApiError extends Error {
  override name = 'StudioApiError' as const
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldProblem[] = [],
    /** The line an import refused (POST /admin/api/help/import), counted from 1. */
    readonly line?: number,
  ) {
    super(message)
  }
}

export const isStudioApiError = (error: unknown): error is StudioApiError =>
  error instanceof StudioApiError

export const asString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined

function readFields(error: Record<string, unknown>): FieldProblem[] {
  const message = asString(error.message) ?? ''
  // One field named on its own (`{ field: "title" }`) or a list of `{ path, message }`.
  const field = asString(error.field)
  if (field !== undefined) return [{ path: field, message }]
  if (!Array.isArray(error.fields)) return []
  return error.fields.flatMap((item) => {
    if (!isRecord(item)) return []
    const path = asString(item.path) ?? asString(item.field) ?? ''
    const text = asString(item.message)
    return text ? [{ path, message: text }] : []
  })
}

/**
 * The error of a failed answer. The API's body is `{ error: { code, message, … } }`; a
 * flat `{ error: "code", message, line }` (the import's) is read the same way.
 */
export async function errorOf(response: Response): Promise<StudioApiError> {
  const body: unknown = await response.json().catch(() => undefined)
  const outer = isRecord(body) ? body : {}
  const error = isRecord(outer.error) ? outer.error : outer
  const code =
    asString(error.code) ??
    (typeof outer.error === 'string' ? outer.error : undefined) ??
    `http_${response.status}`
  const message = asString(error.message) ?? `The server answered ${response.status}.`
  const line = typeof error.line === 'number' ? error.line : undefined
  return new StudioApiError(response.status, code, message, readFields(error), line)
}

/** A call to `base + path`: its JSON answer (undefined for 204), or a StudioApiError. */
export type Request = (path: string, init?: RequestInit) => Promise<unknown>

export function createRequest(fetcher: typeof fetch, base: string): Request {
  return async (path, init = {}) => {
    let response: Response
    try {
      response = await fetcher(`${base}${path}`, {
        credentials: 'same-origin',
        ...init,
        headers: { accept: 'application/json', ...init.headers },
      })
    } catch (error) {
      throw new StudioApiError(
        0,
        'network_error',
        `The server cannot be reached (${error instanceof Error ? error.message : String(error)}); check your connection and try again.`,
      )
    }
    if (!response.ok) throw await errorOf(response)
    return response.status === 204 ? undefined : response.json().catch(() => undefined)
  }
}

/** The init of a JSON request. */
export const jsonInit = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})
