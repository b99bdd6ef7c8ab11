import { describe, expect, it } from 'vitest'
import {
  ClientMessageEvent,
  describeIssues,
  parseServiceToProviderEvent,
} from '../../../shared/protocol'
import { createBotTextMessage, createClientMessageEvent } from '../../support/protocol-factories'
import {
  ABSENT,
  cases,
  describeFieldRows,
  expectAccepted,
  type FieldRow,
  withField,
} from '../support/field-table'

// One row per field of the spec's table 2.5 (bot event envelope), tried on CLIENT_MESSAGE,
// the one event that carries every field.
const rows: FieldRow[] = [
  { field: 'event', accepts: ['CLIENT_MESSAGE'], rejects: [ABSENT, '', 'BOT_MESSAGE', 5] },
  {
    field: 'id',
    accepts: ['9661ab9c-48b0-11ed-a3d6-859398ff9bd9', 'evt-1', 42],
    rejects: [ABSENT, '', null, {}],
  },
  { field: 'client_id', accepts: ['1233', 1233], rejects: [ABSENT, '', null, true] },
  { field: 'chat_id', accepts: ['2037', 2037], rejects: [ABSENT, '', null, []] },
  {
    field: 'message',
    accepts: [createBotTextMessage()],
    rejects: [ABSENT, 'Can you help me?', null, { type: 'TEXT' }],
  },
]

describe('spec 2.5 bot event envelope', () => {
  describeFieldRows('$field', ClientMessageEvent, rows, () => createClientMessageEvent())

  it.each(['id', 'client_id', 'chat_id'])('reads a numeric %s as its decimal string', (field) => {
    const parsed = expectAccepted(
      ClientMessageEvent,
      withField(createClientMessageEvent(), field, 2037),
    )
    expect(parsed[field]).toBe('2037')
  })

  it('keeps string identifiers unchanged', () => {
    const body = createClientMessageEvent({ id: 'e-1', client_id: 'c-1', chat_id: 'ch-1' })
    const parsed = expectAccepted(ClientMessageEvent, body)
    expect([parsed.id, parsed.client_id, parsed.chat_id]).toEqual(['e-1', 'c-1', 'ch-1'])
  })

  it.each(cases([null, 'CLIENT_MESSAGE', [], 42, {}, { event: '' }, { event: 7 }]))(
    'classifies the body %s as invalid, naming what is wrong',
    (_label, body) => {
      const result = parseServiceToProviderEvent(body)
      if (result.kind !== 'invalid') expect.fail(`expected invalid, got ${result.kind}`)
      expect(describeIssues(result.error)).toMatch(/^(body|event): /)
    },
  )
})
