import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import { z } from 'zod'
import { describeIssues } from '../../shared/protocol/errors'
import { apiError } from './api-error'

/** What validate() checks: never a body, which jsonBody() reads with the one body reader. */
type NonBodyTarget = Exclude<keyof ValidationTargets, 'json' | 'form'>

/**
 * zValidator whose failures answer 400 `invalid_request` naming each bad field, for
 * the query, path parameters, headers or cookies. Bodies go through jsonBody().
 *
 * @example app.get('/api/history', validate('query', HistoryQuery), (c) => c.req.valid('query'))
 */
export function validate<T extends z.ZodType, Target extends NonBodyTarget>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success)
      throw apiError(400, 'invalid_request', describeIssues(new z.ZodError(result.error.issues)))
  })
}
