import { z } from 'zod'

/** Error codes of the Bot interface (spec section 7). */
export const BOT_ERROR_CODES = ['invalid_client', 'unauthorized_client', 'invalid_request'] as const
export type BotErrorCode = (typeof BOT_ERROR_CODES)[number]

/** The recommended error body (spec section 7), also the shape of Porthole's own API errors. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string().min(1),
    message: z.string(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBody>

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } }
}

/** Describes zod issues in one line naming each field, for error messages people read. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : 'body'
      return `${path}: ${issue.message}`
    })
    .join('; ')
}
