import { describe, it } from 'vitest'
import { parseHistoryResponse } from '../../../widget/protocol/history-bodies'
import { parseStreamEvent } from '../../../widget/protocol/stream-event'
import { createEntry } from '../../support/widget-factories'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS } from '../support/linear-time'

// What the widget parses from the backend: stream events and history pages. A usual
// page holds a few entries of a hundred characters.

const timeout = LINEAR_TEST_TIMEOUT_MS

describe('the widget parsing what the backend sends', () => {
  it('parseHistoryResponse on many entries', { timeout }, () =>
    expectLinearTime({
      make: (scale) =>
        JSON.parse(
          JSON.stringify({
            entries: Array.from({ length: scale }, (_, index) =>
              createEntry({ id: `e${index}`, content: { type: 'text', text: 'x'.repeat(100) } }),
            ),
          }),
        ) as unknown,
      run: (body) => parseHistoryResponse(body),
    }),
  )

  it('parseStreamEvent on a long message', { timeout }, () =>
    expectLinearTime({
      make: (scale) =>
        JSON.stringify(
          createEntry({ content: { type: 'text', text: 'word '.repeat(20 * scale) } }),
        ),
      run: (data) => parseStreamEvent('message', data),
    }),
  )

  it('parseStreamEvent on deep nesting', { timeout }, () =>
    expectLinearTime({
      make: (scale) => `${'['.repeat(10 * scale)}${']'.repeat(10 * scale)}`,
      run: (data) => parseStreamEvent('message', data),
    }),
  )
})
