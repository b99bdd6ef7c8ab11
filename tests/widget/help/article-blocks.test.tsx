import { render } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import type { BlockNode } from '../../../shared/help/article-tree'
import { ArticleBlocks } from '../../../widget/help/ArticleBlocks'

const text = (value: string) => [{ type: 'text' as const, text: value }]

describe('ArticleBlocks', () => {
  it('draws a table: header cells as th, rows as td, each aligned as its column says', () => {
    const table: BlockNode = {
      type: 'table',
      align: [null, 'right'],
      header: [text('Plan'), text('Price')],
      rows: [
        [text('Basic'), text('5')],
        [text('Pro'), text('20')],
      ],
    }
    const { container } = render(<ArticleBlocks blocks={[table]} />)
    const heads = [...container.querySelectorAll('thead th')]
    expect(heads.map((cell) => cell.textContent)).toEqual(['Plan', 'Price'])
    expect(heads.map((cell) => (cell as HTMLElement).style.textAlign)).toEqual(['', 'right'])
    const rows = [...container.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => [cell.textContent, cell.style.textAlign]),
    )
    expect(rows).toEqual([
      [
        ['Basic', ''],
        ['5', 'right'],
      ],
      [
        ['Pro', ''],
        ['20', 'right'],
      ],
    ])
    expect(container.querySelectorAll('tbody th')).toHaveLength(0)
  })
})
