import { describe, expect, it } from 'vitest'
import { BotMessagePayload, MAX_BUTTONS, plainTextFallback } from '../../../shared/protocol'
import {
  createBotButtonsMessage,
  createBotMarkdownMessage,
  createBotTextMessage,
} from '../../support/protocol-factories'
import {
  ABSENT,
  cases,
  describeFieldRows,
  expectAccepted,
  type FieldRow,
  withField,
} from '../support/field-table'

const fixtures = {
  TEXT: createBotTextMessage,
  MARKDOWN: createBotMarkdownMessage,
  BUTTONS: createBotButtonsMessage,
}

function buttons(count: number) {
  return Array.from({ length: count }, (_, index) => ({ id: `b${index}`, text: `Option ${index}` }))
}

// One row per line of the spec's table 2.6 (Message object); `of` is the Type column.
const rows: Array<FieldRow & { of: keyof typeof fixtures }> = [
  { of: 'TEXT', field: 'type', accepts: ['TEXT'], rejects: [ABSENT, 'text', 'IMAGE', '', 1] },
  {
    of: 'TEXT',
    field: 'timestamp',
    // Described as a string of unix time; samples carry a number.
    accepts: [1665415879, '1665415879', '1665415879.25', 0, ABSENT],
    rejects: ['yesterday', '', '-1', '1665415879s', -1, true, null],
  },
  { of: 'TEXT', field: 'text', accepts: ['Hello!', ''], rejects: [ABSENT, 5, null] },
  { of: 'MARKDOWN', field: 'content', accepts: ['**Hi** _there_'], rejects: [ABSENT, '', 5] },
  { of: 'MARKDOWN', field: 'text', accepts: ['Hi there', ABSENT], rejects: [5, {}] },
  { of: 'BUTTONS', field: 'title', accepts: ['Pick one', ABSENT], rejects: [5, null] },
  { of: 'BUTTONS', field: 'text', accepts: ['Yes or no?', ABSENT], rejects: [[], 1] },
  {
    of: 'BUTTONS',
    field: 'buttons',
    accepts: [buttons(1), buttons(2), buttons(MAX_BUTTONS)],
    // "at most 3"
    rejects: [buttons(MAX_BUTTONS + 1), [], ABSENT, 'Yes', null],
  },
  {
    of: 'BUTTONS',
    field: 'buttons.0.text',
    accepts: ['Yes', 'Talk to a person'],
    rejects: [ABSENT, '', 1, null],
  },
]

describe('spec 2.6 bot Message object', () => {
  describeFieldRows('$of $field', BotMessagePayload, rows, ({ of }) => fixtures[of]())

  it.each(Object.keys(fixtures))('accepts type %s with its own fields', (type) => {
    const parsed = expectAccepted(BotMessagePayload, fixtures[type as keyof typeof fixtures]())
    expect(parsed.type).toBe(type)
  })

  it.each(cases([1665415879, '1665415879']))('reads the timestamp %s as a number', (_l, value) => {
    const parsed = expectAccepted(
      BotMessagePayload,
      createBotTextMessage({ timestamp: value as never }),
    )
    expect(parsed.timestamp).toBe(1665415879)
  })

  it('keeps a pressed button id and button ids (as providers in the wild use them)', () => {
    const pressed = expectAccepted(BotMessagePayload, createBotTextMessage({ button_id: 'yes' }))
    expect(pressed).toMatchObject({ button_id: 'yes' })
    const offered = expectAccepted(BotMessagePayload, createBotButtonsMessage())
    expect(offered).toMatchObject({ buttons: [{ id: 'yes' }, { id: 'no' }] })
  })

  it('reads numeric button ids as strings, as some providers send them', () => {
    const pressed = expectAccepted(
      BotMessagePayload,
      createBotTextMessage({ button_id: 7 as never }),
    )
    expect(pressed).toMatchObject({ button_id: '7' })
    const offered = expectAccepted(
      BotMessagePayload,
      createBotButtonsMessage({ buttons: [{ id: 1 as never, text: 'One' }] }),
    )
    expect(offered).toMatchObject({ buttons: [{ id: '1', text: 'One' }] })
  })
})

describe('spec 2.6 plain-text fallback (plainTextFallback)', () => {
  it('is the text of a TEXT message', () => {
    const message = BotMessagePayload.parse(createBotTextMessage({ text: 'Hi' }))
    expect(plainTextFallback(message)).toBe('Hi')
  })

  it.each(['MARKDOWN', 'BUTTONS'] as const)('is the text field of a %s message', (type) => {
    const message = BotMessagePayload.parse(fixtures[type]({ text: 'Plain version' }))
    expect(plainTextFallback(message)).toBe('Plain version')
  })

  it.each(['MARKDOWN', 'BUTTONS'] as const)(
    'flags a %s message without text as not deliverable to plain channels',
    (type) => {
      const message = BotMessagePayload.parse(withField(fixtures[type](), 'text', ABSENT))
      expect(plainTextFallback(message)).toBeUndefined()
    },
  )

  it.each(['MARKDOWN', 'BUTTONS'] as const)('treats a blank text of %s as no fallback', (type) => {
    const message = BotMessagePayload.parse(fixtures[type]({ text: ' \n ' }))
    expect(plainTextFallback(message)).toBeUndefined()
  })

  it('flags an empty TEXT message as not deliverable', () => {
    expect(
      plainTextFallback(BotMessagePayload.parse(createBotTextMessage({ text: '' }))),
    ).toBeUndefined()
  })
})
