// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { markdownTree } from '../../../shared/help/markdown-tree'
import { ArticlePreview } from '../../../studio/src/articles/ArticlePreview'

vi.mock('../../../shared/help/markdown-tree', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../shared/help/markdown-tree')>()
  return { ...original, markdownTree: vi.fn(original.markdownTree) }
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the article preview', () => {
  it('parses the text once typing pauses, not on every keystroke', () => {
    vi.useFakeTimers()
    const parse = vi.mocked(markdownTree)
    parse.mockClear()
    const view = render(<ArticlePreview title="Sizes" body="Our sizes" language="en" />)
    expect(view.getByText('Our sizes')).toBeTruthy()
    for (const body of ['## S', '## Si', '## Siz', '## Size', '## Sizes'])
      view.rerender(<ArticlePreview title="Sizes" body={body} language="en" />)
    // A long article takes a moment to parse: five keystrokes, no parse yet.
    expect(parse).toHaveBeenCalledTimes(1)
    act(() => {
      vi.runOnlyPendingTimers()
    })
    expect(parse).toHaveBeenCalledTimes(2)
    expect(parse).toHaveBeenLastCalledWith('## Sizes')
    expect(view.getByRole('heading', { name: 'Sizes', level: 3 })).toBeTruthy()
  })

  it('lays out a right-to-left article right to left', () => {
    const view = render(<ArticlePreview title="الشحن" body="نشحن" language="ar" />)
    expect(view.container.querySelector('article')?.getAttribute('dir')).toBe('rtl')
    expect(view.container.querySelector('article')?.getAttribute('lang')).toBe('ar')
  })
})
