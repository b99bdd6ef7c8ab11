import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BOT_ERROR_CODES, describeIssues, ErrorBody, errorBody } from '../../../shared/protocol'

describe('spec 7 error body', () => {
  it.each(BOT_ERROR_CODES)('errorBody builds a valid body for %s', (code) => {
    const body = errorBody(code, 'Check the token in the bot channel settings')
    expect(body).toEqual({
      error: { code, message: 'Check the token in the bot channel settings' },
    })
    expect(ErrorBody.safeParse(body).success).toBe(true)
  })

  it.each([
    [{ error: { code: '', message: 'm' } }, 'error.code'],
    [{ error: { code: 401, message: 'm' } }, 'error.code'],
    [{ error: { code: 'invalid_request' } }, 'error.message'],
    [{ error: 'invalid_request' }, 'error'],
    [{}, 'error'],
  ])('ErrorBody rejects %j at %s', (body, field) => {
    const result = ErrorBody.safeParse(body)
    expect(result.success).toBe(false)
    expect(result.error && describeIssues(result.error)).toMatch(new RegExp(`^${field}: `))
  })
})

describe('describeIssues', () => {
  it('names each field by its dotted path', () => {
    const schema = z.object({ a: z.object({ b: z.array(z.string()) }), c: z.number() })
    const result = schema.safeParse({ a: { b: ['x', 1] }, c: 'y' })
    expect(result.error && describeIssues(result.error)).toBe(
      'a.b.1: Invalid input: expected string, received number; c: Invalid input: expected number, received string',
    )
  })

  it('calls a problem with the whole value "body"', () => {
    const result = z.object({}).safeParse('text')
    expect(result.error && describeIssues(result.error)).toMatch(/^body: /)
  })

  it('keeps the message to the first five issues', () => {
    const schema = z.object(Object.fromEntries('abcdefg'.split('').map((k) => [k, z.string()])))
    const result = schema.safeParse({})
    const parts = result.error ? describeIssues(result.error).split('; ') : []
    expect(parts).toHaveLength(5)
    expect(parts[0]).toMatch(/^a: /)
  })
})
