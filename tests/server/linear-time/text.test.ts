import { describe, it } from 'vitest'
import { splitText } from '../../../shared/text'
import { linkify } from '../../../widget/chat/linkify'
import { countParts } from '../../../widget/chat/part-count'
import { markdown } from '../../../widget/chat/rich/markdown'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS } from '../support/linear-time'

// The text paths of a chat message, widget and backend: a usual long message is a
// couple of hundred characters; the family feeds 2,000 to 200,000.

/** `unit` repeated to `scale` times a usual message of 200 characters. */
const text = (unit: string) => (scale: number) =>
  unit.repeat(Math.ceil((200 * scale) / unit.length)).slice(0, 200 * scale)

const SHAPES: [string, (scale: number) => string][] = [
  ['words', text('word ')],
  ['emoji and accents', text('👍🏽 é 👨‍👩‍👧‍👦 ')],
  ['a run of whitespace', text(' ')],
  ['one long word', text('x')],
  ['stacked combining marks', text('e\u0301\u0301\u0301')],
  ['flags', text('🇺🇦')],
  ['markup characters', text('*_[](`\\')],
  ['a run of link openers', text('[')],
  ['bold openers before words', text('__a ')],
  ['backslashes', text('\\')],
  ['italic underscores', text('_a_')],
  ['links', text('https://a.example/(x) ')],
]

describe.each(SHAPES)('text paths on %s', (_shape, make) => {
  it('splitText (backend: a message into its parts)', { timeout: LINEAR_TEST_TIMEOUT_MS }, () =>
    expectLinearTime({ make, run: (input) => splitText(input) }),
  )

  it('countParts (widget: the composer counting parts)', { timeout: LINEAR_TEST_TIMEOUT_MS }, () =>
    expectLinearTime({ make, run: (input) => countParts(input) }),
  )

  it('linkify (widget: links in a message)', { timeout: LINEAR_TEST_TIMEOUT_MS }, () =>
    expectLinearTime({ make, run: (input) => linkify(input) }),
  )

  it(
    'markdown (widget: a bot or agent MARKDOWN message)',
    { timeout: LINEAR_TEST_TIMEOUT_MS },
    () => expectLinearTime({ make, run: (input) => markdown(input) }),
  )
})
