import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { describeIssues } from '../../shared/protocol/errors'
import { apiError } from './api-error'
import type { AppEnv } from './app-env'
import { isBodyError } from './body-error'
import { readBodyText, readJsonBody } from './read-body'

/** application/json and its +json kinds, as Hono's validator recognises them. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim() ?? ''
  return JSON_MEDIA_TYPE.test(mediaType)
}

/**
 * The request's JSON body through the one body reader (at most `maxBytes`): over the
 * limit 413 `payload_too_large`; empty, bad UTF-8 or bad JSON 400 `invalid_request`.
 *
 * @example const body = await readJsonRequest(c, 64 * 1024)
 */
export const readJsonRequest = (c: RequestContext, maxBytes: number): Promise<unknown> =>
  answering(readJsonBody(c.req.raw, c.env?.incoming, maxBytes))

/** The request's body as UTF-8 text (an NDJSON import), with readJsonRequest's answers. */
export const readTextRequest = (c: RequestContext, maxBytes: number): Promise<string> =>
  answering(readBodyText(c.req.raw, c.env?.incoming, maxBytes))

type RequestContext = { req: { raw: Request }; env?: { incoming?: IncomingMessage } | undefined }

/** What `reading` reads, with a BodyError turned into its answer. */
async function answering<T>(reading: Promise<T>): Promise<T> {
  try {
    return await reading
  } catch (error) {
    throw answerOf(error)
  }
}

/** A BodyError as its answer (413 or 400); anything else as it is. */
function answerOf(error: unknown): unknown {
  if (!isBodyError(error)) return error
  return apiError(
    error.status,
    error.code === 'payload_too_large' ? error.code : 'invalid_request',
    error.message,
  )
}

/**
 * Reads the JSON body with the one body reader (at most `maxBytes`, UTF-8 with fatal
 * errors, JSON) and validates it with `schema`, for `c.req.valid('json')`. A body over
 * the limit answers 413 `payload_too_large`; an empty one, bad UTF-8, bad JSON or a
 * failed field 400 `invalid_request` saying which. A request that is not
 * application/json has its body left unread and validates `{}`, as Hono's validator did.
 *
 * @example app.post('/api/read', jsonBody(ReadRequest, 4 * 1024), (c) => c.req.valid('json'))
 */
export function jsonBody<
  S extends z.ZodType<object>,
  E extends AppEnv = AppEnv,
  P extends string = string,
>(
  schema: S,
  maxBytes: number,
): MiddlewareHandler<E, P, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async function jsonBodyMiddleware(c, next) {
    let value: unknown = {}
    if (isJsonMediaType(c.req.header('content-type'))) value = await readJsonRequest(c, maxBytes)
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw apiError(400, 'invalid_request', describeIssues(parsed.error))
    c.req.addValidatedData('json', parsed.data)
    await next()
  }
}
