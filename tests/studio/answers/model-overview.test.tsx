// @vitest-environment happy-dom
import { cleanup, render, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { HelpOverview } from '../../../studio/src/articles/HelpOverview'
import { readStats } from '../../../studio/src/articles/help-answers'
import { createHelpStats } from '../support/fake-help-api'

afterEach(cleanup)

const show = (stats: ReturnType<typeof createHelpStats>) =>
  render(<HelpOverview stats={stats} error={undefined} onWrite={() => {}} />)

describe('the overview’s written answers', () => {
  it('shows the answers sent, the “That helped” votes and the fallbacks, by reason', () => {
    const view = show(
      createHelpStats({
        modelAnswers: 1200,
        modelHelped: 310,
        modelFallbacks: 45,
        modelFallbackReasons: { timeout: 30, no_answer: 15 },
      }),
    )
    const strip = within(view.getByLabelText('Written answers'))
    expect(strip.getByText('Written answers sent').nextElementSibling?.textContent).toBe(
      (1200).toLocaleString(),
    )
    expect(strip.getByText('“That helped” votes').nextElementSibling?.textContent).toBe('310')
    expect(strip.getByText('Article answers instead').nextElementSibling?.textContent).toBe('45')
    const table = view.getByRole('table', { name: 'Why the article answer went instead' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    // In the reasons' own order, the texts a site owner reads.
    expect(rows).toEqual([
      'The model found no answer in the passages15',
      'The model took too long30',
    ])
  })

  it('shows no reasons table when nothing fell back', () => {
    const view = show(createHelpStats({ modelAnswers: 3 }))
    expect(view.queryByRole('table', { name: /Why the article answer/ })).toBeNull()
  })

  it('reads the model’s counts from GET /admin/api/help/stats, known reasons only', () => {
    const stats = readStats({
      modelAnswers: 4,
      modelHelped: 2,
      modelFallbacks: 'x',
      modelFallbackReasons: { timeout: 3, gremlins: 9, cap: 0, budget: 'many' },
    })
    expect(stats).toMatchObject({
      modelAnswers: 4,
      modelHelped: 2,
      modelFallbacks: 0,
      modelFallbackReasons: { timeout: 3 },
    })
  })
})
