import { describe, expect, it } from 'vitest'
import { CustomerMessage } from '../../../shared/protocol'
import { MAX_TEXT_LENGTH } from '../../../shared/text'
import {
  createCustomerMessage,
  createSender,
  createTextMessage,
} from '../../support/protocol-factories'
import { ABSENT, describeFieldRows, expectAccepted, type FieldRow } from '../support/field-table'

// One row per field of the spec's table 2.1 (customer message, integrator to service).
const rows: FieldRow[] = [
  { field: 'sender', accepts: [createSender()], rejects: [ABSENT, null, 'John', []] },
  {
    field: 'sender.id',
    accepts: ['1233', 'visitor_8f2a', 1233, 0],
    // "When empty or absent, the message is not delivered."
    rejects: [ABSENT, '', null, 12.5, true, {}],
  },
  { field: 'sender.name', accepts: ['John Smith', '', ABSENT], rejects: [42, null] },
  { field: 'sender.phone', accepts: ['+1 555 0100', ABSENT], rejects: [15550100, null] },
  { field: 'sender.email', accepts: ['john@example.com', ABSENT], rejects: [false, ['a@b.c']] },
  {
    field: 'sender.photo',
    accepts: ['https://cdn.example.com/a.png', 'http://cdn.example.com/a.gif', ABSENT],
    // "must start with http:// or https://"
    rejects: ['javascript:alert(1)', 'ftp://cdn.example.com/a.png', '/avatars/a.png', 7],
  },
  {
    field: 'sender.url',
    accepts: ['https://shop.example.com/cart?step=2', ABSENT],
    rejects: ['javascript:alert(1)', 'data:text/html,hi', 12],
  },
  { field: 'sender.invite', accepts: ['Need help choosing?', ABSENT], rejects: [1, {}] },
  { field: 'message', accepts: [createTextMessage()], rejects: [ABSENT, null, 'Hello', []] },
  {
    field: 'message.type',
    accepts: ['text', 'typein', 'typeout'],
    rejects: [ABSENT, 'TEXT', 'html', '', 1],
  },
  { field: 'message.id', accepts: ['client-msg-1', ABSENT], rejects: [17, null] },
  {
    field: 'message.text',
    // Over 1000 characters is still valid: the service cuts it (spec section 8).
    accepts: ['Can you help me?', 'x'.repeat(MAX_TEXT_LENGTH), 'x'.repeat(MAX_TEXT_LENGTH + 500)],
    rejects: [ABSENT, '', 42, null],
  },
]

describe('spec 2.1 customer message', () => {
  it('accepts the factory body as is', () => {
    expectAccepted(CustomerMessage, createCustomerMessage())
  })

  describeFieldRows('$field', CustomerMessage, rows, () => createCustomerMessage())

  it('keeps fields the table does not list (readers accept unknown fields)', () => {
    const body = createCustomerMessage({
      sender: createSender({ has_contacts: true }),
      message: createTextMessage({ timestamp: 1665415879 }),
      channel: { id: '12345678', type: 'widget' },
    })
    const parsed = expectAccepted(CustomerMessage, body)
    expect(parsed.channel).toEqual({ id: '12345678', type: 'widget' })
    expect(parsed.sender.has_contacts).toBe(true)
    expect(parsed.message).toMatchObject({ timestamp: 1665415879 })
  })

  it('keeps a numeric sender.id a number, so recipient.id can be matched unchanged', () => {
    const parsed = expectAccepted(
      CustomerMessage,
      createCustomerMessage({ sender: createSender({ id: 1233 }) }),
    )
    expect(parsed.sender.id).toBe(1233)
  })
})
