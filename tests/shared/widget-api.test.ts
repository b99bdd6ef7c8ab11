import { describe, expect, expectTypeOf, it } from 'vitest'
import { invalidContactField } from '../../shared/contact-rules'
import { MAX_TEXT_LENGTH } from '../../shared/text'
import {
  ClientId,
  Contact,
  type ConversationEntry,
  IdentifiedUser,
  OutgoingMessage,
  PostMessageResponse,
  PublicConfig,
  parseStreamEvent,
  SessionRequest,
} from '../../shared/widget-api'

function createEntry(overrides: Partial<ConversationEntry> = {}): ConversationEntry {
  return {
    id: '17',
    author: 'agent',
    name: 'Agent Smith',
    content: { type: 'text', text: 'Hello' },
    at: 1_700_000_000_000,
    ...overrides,
  }
}

describe('ClientId', () => {
  it.each(['abcdefgh', 'V1StGXR8_Z5jdHi6B-myT', 'a'.repeat(64), '01234567'])('accepts %s', (id) => {
    expect(ClientId.safeParse(id).success).toBe(true)
  })

  it.each([
    ['abcdefg', 'must be 8 to 64 characters'],
    ['a'.repeat(65), 'must be 8 to 64 characters'],
    ['abc def gh', 'must use only letters, digits, - and _'],
    ['abcdefgh/', 'must use only letters, digits, - and _'],
    ['абвгдежз', 'must use only letters, digits, - and _'],
  ])('rejects %s: %s', (id, message) => {
    expect(ClientId.safeParse(id).error?.issues.map((issue) => issue.message)).toContain(message)
  })
})

describe('OutgoingMessage', () => {
  it('accepts a text with its page and invitation', () => {
    const body = {
      id: 'msg_000001',
      type: 'text',
      text: 'Hi',
      url: 'https://shop.example.com/',
      invite: 'Need help?',
    }
    expect(OutgoingMessage.parse(body)).toEqual(body)
  })

  it('accepts a text far over one part: the backend splits it', () => {
    const body = { id: 'msg_000001', type: 'text', text: 'x'.repeat(MAX_TEXT_LENGTH * 3) }
    expect(OutgoingMessage.safeParse(body).success).toBe(true)
  })

  it.each(['typein', 'typeout'])('accepts %s with only an id', (type) => {
    expect(OutgoingMessage.parse({ id: 'msg_000002', type })).toEqual({ id: 'msg_000002', type })
  })

  it.each([
    [{ id: 'msg_000001', type: 'text', text: '' }, 'text'],
    [{ id: 'msg_000001', type: 'text', text: ' \n\t ' }, 'text'],
    [{ id: 'msg_000001', type: 'text', text: 'x'.repeat(MAX_TEXT_LENGTH * 20 + 1) }, 'text'],
    [{ id: 'msg_000001', type: 'text' }, 'text'],
    [{ id: 'msg_000001', type: 'text', text: 'Hi', url: 'javascript:alert(1)' }, 'url'],
    [
      { id: 'msg_000001', type: 'text', text: 'Hi', invite: 'x'.repeat(MAX_TEXT_LENGTH + 1) },
      'invite',
    ],
    [{ id: 'short', type: 'text', text: 'Hi' }, 'id'],
    [{ type: 'typein' }, 'id'],
    [{ id: 'msg_000001', type: 'photo' }, 'type'],
  ])('rejects %j at %s', (body, field) => {
    const result = OutgoingMessage.safeParse(body)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path[0]).toBe(field)
  })
})

describe('SessionRequest and IdentifiedUser', () => {
  it.each([{}, { token: 'abc' }, { contact: { name: ' Ada ', email: 'ada@example.com' } }])(
    'accepts %j',
    (body) => {
      expect(SessionRequest.safeParse(body).success).toBe(true)
    },
  )

  it('trims contact fields', () => {
    expect(SessionRequest.parse({ contact: { name: '  Ada  ' } }).contact?.name).toBe('Ada')
  })

  it('accepts a user whose hash is a hex HMAC-SHA256 and rejects any other hash', () => {
    const user = { id: 'user-42', hash: 'ab'.repeat(32) }
    expect(IdentifiedUser.safeParse(user).success).toBe(true)
    const bad = IdentifiedUser.safeParse({ ...user, hash: 'zz'.repeat(32) })
    expect(bad.error?.issues[0]?.message).toBe('must be the hex HMAC-SHA256 of the user id')
    expect(IdentifiedUser.safeParse({ ...user, id: '' }).success).toBe(false)
  })
})

/** A complete public config, the one both PublicConfig blocks vary. */
const config = {
  title: 'Chat with us',
  color: '#1f6feb',
  position: 'bottom-right',
  sound: true,
  statusPollSeconds: 30,
}

describe('PublicConfig', () => {
  it('accepts a complete config', () => {
    expect(PublicConfig.safeParse(config).success).toBe(true)
  })

  it.each([
    ['color', 'blue'],
    ['color', '#12'],
    ['position', 'top-left'],
    ['statusPollSeconds', 0],
    ['lang', 'tlh'],
  ])('rejects %s = %j', (field, value) => {
    const result = PublicConfig.safeParse({ ...config, [field]: value })
    expect(result.error?.issues[0]?.path[0]).toBe(field)
  })
})

describe('PublicConfig additions of the settings studio', () => {
  it('accepts them, optional, and refuses a bad value by its field', () => {
    const full = {
      ...config,
      invitations: [
        { text: 'Hi', when: { pages: ['/p*'], device: 'mobile' }, frequency: 'once-per-visitor' },
      ],
      businessHours: { outside: 'hide', openNow: false },
      offlineForm: {
        fields: {
          name: { shown: true, required: false },
          email: { shown: true, required: true },
          phone: { shown: false, required: false },
          message: { shown: true, required: true },
        },
      },
      launcherLabel: 'hover',
      theme: 'dark',
      offsets: { x: 10, y: 30 },
    }
    expect(PublicConfig.safeParse(full).success).toBe(true)
    for (const [field, value] of [
      ['theme', 'blue'],
      ['launcherLabel', 'sometimes'],
      ['invitations', [{ text: 'Hi', when: {}, frequency: 'hourly' }]],
      ['businessHours', { ...full.businessHours, outside: 'close' }],
    ] as const) {
      expect(PublicConfig.safeParse({ ...full, [field]: value }).error?.issues[0]?.path[0]).toBe(
        field,
      )
    }
    expectTypeOf<PublicConfig['theme']>().toEqualTypeOf<'light' | 'dark' | 'auto' | undefined>()
  })
})

describe('PostMessageResponse', () => {
  it('accepts entries with a delivery state and rejects an unknown state', () => {
    expect(
      PostMessageResponse.safeParse({ entries: [createEntry()], delivery: 'sent' }).success,
    ).toBe(true)
    expect(PostMessageResponse.safeParse({ entries: [], delivery: 'lost' }).success).toBe(false)
  })
})

describe('parseStreamEvent', () => {
  it('parses a message event into a conversation entry', () => {
    const entry = createEntry()
    expect(parseStreamEvent('message', JSON.stringify(entry))).toEqual({
      event: 'message',
      data: entry,
    })
  })

  it.each([
    ['typing', { typing: true, name: 'Agent Smith' }],
    ['status', { online: false }],
    ['delivery', { clientId: 'msg_000001', state: 'failed', error: 'The service is unavailable' }],
  ])('parses a %s event', (event, data) => {
    expect(parseStreamEvent(event, JSON.stringify(data))).toEqual({ event, data })
  })

  it.each([
    ['message', JSON.stringify(createEntry({ photo: 'javascript:alert(1)' }))],
    ['message', JSON.stringify({ ...createEntry(), author: 'robot' })],
    ['typing', '{"typing":"yes"}'],
    ['status', '1'],
    ['delivery', '{"clientId":"m","state":"done"}'],
    ['status', '{"online":true'],
    ['status', ''],
  ])('returns undefined for a %s event with bad data %s', (event, data) => {
    expect(parseStreamEvent(event, data)).toBeUndefined()
  })

  it.each(['ping', 'Message', '', 'toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'returns undefined for the unknown event name %j',
    (event) => {
      expect(parseStreamEvent(event, '{}')).toBeUndefined()
    },
  )
})

describe('Contact: e-mail and phone rules (the widget applies the same)', () => {
  const emails = [
    'ada@example.com',
    'a.b+c@mail.example.co.uk',
    'иван@почта.рф',
    "o'brien@example.ie",
    'x@xn--80ak6aa92e.com',
    `${'a'.repeat(64)}@example.com`,
  ]
  const badEmails = [
    'nope',
    'a@b',
    '@example.com',
    'a b@example.com',
    'a@@example.com',
    'a@.com',
    // Nothing that could break a header or name a second recipient (server/email/).
    'a,b@example.com',
    'a@example.com,b@example.com',
    '<a>@example.com',
    '"a"@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@example..com',
    'a@-example.com',
    'a@example-.com',
    'a@example.c',
    'a@example.123',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
    `a@${'b.'.repeat(130)}com`,
  ]
  const phones = ['+7 912 345-67-89', '(555) 123-4567', '12345', '+1-800-555-0100']
  const badPhones = ['call me', '123', '+-()-', '12345x', '1'.repeat(33), '555\n1234']

  it.each(emails)('accepts the e-mail %j, in the schema and the widget', (email) => {
    expect(Contact.safeParse({ email }).success).toBe(true)
    expect(invalidContactField({ email })).toBeUndefined()
  })
  it.each(badEmails)('rejects the e-mail %j with the field path, in both', (email) => {
    const result = Contact.safeParse({ email })
    expect(result.error?.issues[0]?.path).toEqual(['email'])
    expect(result.error?.issues[0]?.message).toBe('must be an e-mail address like name@example.com')
    expect(invalidContactField({ email })).toBe('email')
  })
  it.each(phones)('accepts the phone %j, in both', (phone) => {
    expect(Contact.safeParse({ phone }).success).toBe(true)
    expect(invalidContactField({ phone })).toBeUndefined()
  })
  it.each(badPhones)('rejects the phone %j with the field path, in both', (phone) => {
    expect(Contact.safeParse({ phone }).error?.issues[0]?.path).toEqual(['phone'])
    expect(invalidContactField({ phone })).toBe('phone')
  })
  it('an empty or blank field is no value, not an error; values are trimmed first', () => {
    expect(Contact.parse({ email: '', phone: '  ' })).toEqual({ email: '', phone: '' })
    expect(invalidContactField({ email: ' ', phone: '' })).toBeUndefined()
    expect(Contact.parse({ email: ' ada@example.com ' }).email).toBe('ada@example.com')
  })
  it('a POST /api/session contact with a bad e-mail fails at contact.email', () => {
    const result = SessionRequest.safeParse({ contact: { email: 'nope' } })
    expect(result.error?.issues[0]?.path).toEqual(['contact', 'email'])
  })
})
