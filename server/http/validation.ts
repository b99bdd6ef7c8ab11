import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import { z } from 'zod'
import { describeIssues } from '../../shared/protocol/errors'
import { apiError } from './api-error'

/**
 * zValidator whose failures answer 400 `invalid_request` naming each bad field.
 *
 * @example app.post('/api/messages', validate('json', OutgoingMessage), (c) => c.req.valid('json'))
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success)
      throw apiError(400, 'invalid_request', describeIssues(new z.ZodError(result.error.issues)))
  })
}
