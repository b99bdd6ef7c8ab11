import { describe, expect, it } from 'vitest'
import {
  ChannelMessage,
  CustomerMessage,
  FILE_MEDIA_TYPES,
  isTypingMessage,
  TYPING_TYPES,
} from '../../../shared/protocol'
import {
  createCustomerMessage,
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

describe('spec 2.4 typing notifications', () => {
  it.each(TYPING_TYPES)('accepts %s in both directions', (type) => {
    const parsed = expectAccepted(ChannelMessage, createTypingMessage(type))
    expect(isTypingMessage(parsed)).toBe(true)
  })

  it.each(TYPING_TYPES)('ignores every other field of %s, whatever its value', (type) => {
    // "Other fields of a typein/typeout message are ignored."
    let body: unknown = createTypingMessage(type)
    for (const [field, value] of [
      ['id', 42],
      ['text', 7],
      ['file', 'javascript:alert(1)'],
      ['file_size', -1],
    ] as const) {
      body = withField(body, field, value)
    }
    const parsed = expectAccepted(ChannelMessage, body)
    expect(parsed).toMatchObject({ type, id: undefined })
  })

  it.each(cases(['typing', 'TYPEIN', 'type_in']))('rejects the unknown type %s', (_label, type) => {
    expectRejected(ChannelMessage, createTypingMessage('typein', { type: type as never }), 'type')
  })

  it('isTypingMessage is false for other types', () => {
    expect(isTypingMessage(expectAccepted(ChannelMessage, createTextMessage()))).toBe(false)
  })
})

describe('spec 2.4 media types: required additional fields', () => {
  const fileRows = FILE_MEDIA_TYPES.flatMap((type) =>
    (['file', 'file_name', 'file_size'] as const).map((field) => ({ type, field })),
  )

  it.each(FILE_MEDIA_TYPES)('accepts %s with file, file_name and file_size', (type) => {
    expectAccepted(ChannelMessage, createFileMediaMessage(type))
    expectAccepted(
      CustomerMessage,
      createCustomerMessage({ message: createFileMediaMessage(type) }),
    )
  })

  it.each(fileRows)('rejects $type without $field', ({ type, field }) => {
    expectRejected(ChannelMessage, withField(createFileMediaMessage(type), field, ABSENT), field)
  })

  it('accepts location with latitude and longitude', () => {
    expectAccepted(ChannelMessage, createLocationMessage())
  })

  it.each(['latitude', 'longitude'])('rejects location without %s', (field) => {
    expectRejected(ChannelMessage, withField(createLocationMessage(), field, ABSENT), field)
  })

  it('rejects a media type a customer message cannot carry', () => {
    expectRejected(
      ChannelMessage,
      createFileMediaMessage('photo', { type: 'gif' as never }),
      'type',
    )
  })
})

// One row per field of the spec's "optional media fields" table. latitude and
// longitude are tried on a location, the others on a photo.
const optionalRows: FieldRow[] = [
  {
    field: 'file',
    accepts: ['https://files.example.com/a.jpg', 'http://files.example.com/a.jpg'],
    rejects: ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'file:///etc/passwd', '//x/a.jpg', 5],
  },
  {
    field: 'thumb',
    accepts: ['https://files.example.com/a-320.jpg', ABSENT],
    rejects: ['javascript:alert(1)', 'data:image/png;base64,AAAA', 320],
  },
  { field: 'emoji', accepts: ['🐱', ABSENT], rejects: [128049, null] },
  {
    field: 'file_size',
    accepts: [1, 52_428_800],
    // "Bytes, positive integer"
    rejects: [0, -1, 1.5, '2048', Number.POSITIVE_INFINITY, null],
  },
  { field: 'file_name', accepts: ['report Q3.pdf', 'a'], rejects: ['', 12, null] },
  { field: 'duration', accepts: [1, 3600, ABSENT], rejects: [0, -5, 2.5, '30'] },
  { field: 'width', accepts: [320, ABSENT], rejects: [0, -320, 320.5, '320'] },
  { field: 'height', accepts: [240, ABSENT], rejects: [0, -240, 0.5, '240'] },
  { field: 'text', accepts: ['Our new office', '', ABSENT], rejects: [1, {}] },
  { field: 'performer', accepts: ['Nina Simone', ABSENT], rejects: [1, []] },
  { field: 'title', accepts: ['Feeling Good', ABSENT], rejects: [true, null] },
  // Real numbers within the ranges a geo-location can take.
  { field: 'latitude', accepts: [0, 55.7558, -90, 90], rejects: [90.0001, -91, '55.75', null] },
  { field: 'longitude', accepts: [0, 37.6173, -180, 180], rejects: [180.5, -181, '37.6', null] },
]

function mediaFixture(field: string) {
  return field === 'latitude' || field === 'longitude'
    ? createLocationMessage()
    : createFileMediaMessage('photo')
}

describe('spec 2.4 optional media fields', () => {
  describeFieldRows('$field', ChannelMessage, optionalRows, ({ field }) => mediaFixture(field))

  it('accepts a location that also carries a map image', () => {
    const body = createLocationMessage({ file: 'https://maps.example.com/a.png', file_size: 10 })
    expectAccepted(ChannelMessage, body)
  })

  it('rejects a location whose map image is a javascript: URL', () => {
    expectRejected(ChannelMessage, createLocationMessage({ file: 'javascript:alert(1)' }), 'file')
  })
})
