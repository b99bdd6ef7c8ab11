import { describe, it } from 'vitest'
import { splitText } from '../../../shared/text'
import { linkify } from '../../../widget/chat/model/linkify'
import { countParts } from '../../../widget/chat/model/part-count'
import { markdown } from '../../../widget/chat/rich/markdown'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS, repeated } from '../support/linear-time'

// The text paths of a chat message, widget and backend: a usual long message is a
// couple of hundred characters; the family feeds 2,000 to 200,000. A MARKDOWN message
// comes in an A3 body (at most 64 KB): it is fed 600 to 60,000 (a usual 60).

const SHAPES: [string, string][] = [
  ['words', 'word '],
  ['emoji and accents', '👍🏽 é 👨‍👩‍👧‍👦 '],
  ['a run of whitespace', ' '],
  ['one long word', 'x'],
  ['stacked combining marks', 'e\u0301\u0301\u0301'],
  ['flags', '🇺🇦'],
  ['markup characters', '*_[](`\\'],
  ['a run of link openers', '['],
  ['bold openers before words', '__a '],
  ['backslashes', '\\'],
  ['italic underscores', '_a_'],
  ['links', 'https://a.example/(x) '],
  ['bare hosts', 'www.a.example/(x) '],
  ['www. inside a word', 'awww.'],
]

describe.each(SHAPES)('text paths on %s', (_shape, unit) => {
  const make = repeated(unit, 200)
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
    () => expectLinearTime({ make: repeated(unit, 60), run: (input) => markdown(input) }),
  )
})
