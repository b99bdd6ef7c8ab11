import { describe, expect, it } from 'vitest'
import { AgentMessage, MESSAGE_TYPES } from '../../../shared/protocol'
import { MAX_TEXT_LENGTH } from '../../../shared/text'
import {
  createAgentMessage,
  createFileMediaMessage,
  createLocationMessage,
  createTextMessage,
  createTypingMessage,
} from '../../support/protocol-factories'
import {
  ABSENT,
  cases,
  describeFieldRows,
  expectAccepted,
  expectRejected,
  type FieldRow,
  withField,
} from '../support/field-table'

// One row per field of the spec's table 2.2 (agent message, service to integrator).
// sender.photo is its own block below: a bad avatar is dropped, never a reason to refuse.
const rows: FieldRow[] = [
  { field: 'sender.name', accepts: ['Agent Smith', ABSENT], rejects: [42, null] },
  {
    field: 'recipient.id',
    // "equals the sender.id received earlier and is returned unchanged"
    accepts: ['1233', 1233],
    rejects: [ABSENT, '', 12.5, null, false],
  },
  { field: 'recipient', accepts: [{ id: 'v-1' }], rejects: [ABSENT, 'v-1', null] },
  { field: 'message.type', accepts: ['text'], rejects: [ABSENT, 'TEXT', 'gif', 3] },
  { field: 'message.id', accepts: ['svc-msg-77', ABSENT], rejects: [77, {}] },
  {
    field: 'message.text',
    accepts: ['Sure, how can I help?', 'y'.repeat(MAX_TEXT_LENGTH * 2)],
    rejects: [ABSENT, '', 5, null],
  },
  { field: 'message', accepts: [createTextMessage()], rejects: [ABSENT, 'hi', null] },
]

describe('spec 2.2 agent message', () => {
  it('accepts the factory body as is', () => {
    expectAccepted(AgentMessage, createAgentMessage())
  })

  describeFieldRows('$field', AgentMessage, rows, () => createAgentMessage())

  describe('sender.photo', () => {
    it.each(cases(['https://cdn.example.com/a.png', 'http://cdn.example.com/a.jpg']))(
      'keeps the avatar %s',
      (_label, photo) => {
        const parsed = expectAccepted(
          AgentMessage,
          withField(createAgentMessage(), 'sender.photo', photo),
        )
        expect(parsed.sender?.photo).toBe(photo)
      },
    )

    it.each(
      cases(['javascript:alert(1)', 'data:image/png;base64,AAAA', '//cdn.example.com/a.png', 9]),
    )('drops the avatar %s and keeps the message', (_label, photo) => {
      const body = withField(createAgentMessage(), 'sender.photo', photo)
      const parsed = expectAccepted(AgentMessage, body)
      expect(parsed.sender?.photo).toBeUndefined()
      expect(parsed.sender?.name).toBe('Agent Smith')
      expect(parsed.message).toEqual(body.message)
    })
  })

  it('accepts a message without any sender (the service may omit it)', () => {
    expectAccepted(AgentMessage, withField(createAgentMessage(), 'sender', ABSENT))
  })

  it.each(MESSAGE_TYPES)(
    'accepts an agent message of type %s (spec 2.4: both directions)',
    (type) => {
      const message =
        type === 'text'
          ? createTextMessage()
          : type === 'typein' || type === 'typeout'
            ? createTypingMessage(type)
            : type === 'location'
              ? createLocationMessage()
              : createFileMediaMessage(type)
      const parsed = expectAccepted(AgentMessage, createAgentMessage({ message }))
      expect(parsed.message.type).toBe(type)
    },
  )

  it('rejects a javascript: file URL (a link the widget would render)', () => {
    const body = createAgentMessage({
      message: createFileMediaMessage('document', { file: 'javascript:alert(document.cookie)' }),
    })
    expectRejected(AgentMessage, body, 'message.file')
  })

  it('keeps fields the table does not list', () => {
    const parsed = expectAccepted(
      AgentMessage,
      createAgentMessage({ chat_id: '2037', recipient: { id: 'v-9', channel: 'web' } }),
    )
    expect(parsed.chat_id).toBe('2037')
    expect(parsed.recipient.channel).toBe('web')
  })
})
