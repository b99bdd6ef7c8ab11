import { describe, expect, it } from 'vitest'
import { IntegratorReply, ReplyError, ReplyOk } from '../../../shared/protocol'
import { createReplyError, createReplyOk } from '../../support/protocol-factories'
import {
  ABSENT,
  cases,
  describeFieldRows,
  expectAccepted,
  type FieldRow,
} from '../support/field-table'

// Spec 2.3: the integrator's reply to an agent message, success or failure form.
const okRows: FieldRow[] = [
  { field: 'result', accepts: ['ok'], rejects: [ABSENT, 'OK', 'error', 1] },
]

const errorRows: FieldRow[] = [
  { field: 'error', accepts: [{ code: 1, message: 'm' }], rejects: [ABSENT, 'failed', null] },
  // The spec's request shows a numeric placeholder; section 7 recommends a string.
  { field: 'error.code', accepts: [500, 'unknown_visitor'], rejects: [ABSENT, null, {}, true] },
  {
    field: 'error.message',
    accepts: ['The visitor left', ''],
    rejects: [ABSENT, 404, null],
  },
]

describe('spec 2.3 integrator reply', () => {
  describeFieldRows('success form: $field', ReplyOk, okRows, () => createReplyOk())

  describeFieldRows('failure form: $field', ReplyError, errorRows, () => createReplyError())

  it('IntegratorReply reads both forms and tells them apart', () => {
    const ok = expectAccepted(IntegratorReply, createReplyOk())
    const failed = expectAccepted(
      IntegratorReply,
      createReplyError({ code: 'busy', message: 'Try later' }),
    )
    expect('result' in ok && ok.result).toBe('ok')
    expect('error' in failed && failed.error).toEqual({ code: 'busy', message: 'Try later' })
  })

  it.each(cases([{}, { result: 'fail' }, { error: 'boom' }, null, 'ok', []]))(
    'IntegratorReply rejects %s',
    (_label, body) => {
      expect(IntegratorReply.safeParse(body).success).toBe(false)
    },
  )
})
