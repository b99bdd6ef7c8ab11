import { describe, expect, it } from 'vitest'
import { markdownTree, safeHref, treeText } from '../../../shared/help/markdown-tree'

describe('markdownTree', () => {
  it('reads headings, emphasis, lists, tables, code and quotes as plain data', () => {
    const tree = markdownTree(
      '## Returns\n\nWithin **30 days**, *unworn*.\n\n3. one\n4. two\n\n| Size | EU |\n|:-|-:|\n| M | 48 |\n\n```sh\nnpm start\n```\n\n> Note\n\n---',
    )
    expect(tree).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Returns' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Within ' },
          { type: 'strong', children: [{ type: 'text', text: '30 days' }] },
          { type: 'text', text: ', ' },
          { type: 'em', children: [{ type: 'text', text: 'unworn' }] },
          { type: 'text', text: '.' },
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [{ type: 'paragraph', children: [{ type: 'text', text: 'one' }] }],
          [{ type: 'paragraph', children: [{ type: 'text', text: 'two' }] }],
        ],
      },
      {
        type: 'table',
        align: ['left', 'right'],
        header: [[{ type: 'text', text: 'Size' }], [{ type: 'text', text: 'EU' }]],
        rows: [[[{ type: 'text', text: 'M' }], [{ type: 'text', text: '48' }]]],
      },
      { type: 'code', lang: 'sh', text: 'npm start' },
      {
        type: 'quote',
        children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Note' }] }],
      },
      { type: 'rule' },
    ])
  })

  it('keeps raw HTML as the characters typed, never as markup', () => {
    const tree = markdownTree('<script>alert(1)</script>\n\nA <img src=x onerror=alert(1)> tag')
    expect(JSON.stringify(tree)).not.toContain('"type":"html"')
    expect(treeText(tree)).toBe('<script>alert(1)</script>\nA <img src=x onerror=alert(1)> tag')
  })

  it('links only http(s) and mailto, shows only http(s) images', () => {
    const tree = markdownTree(
      '[a](javascript:alert(1)) [b](data:text/html,x) [c](https://shop.example/a) [d](mailto:help@shop.example) ![e](javascript:x) ![f](https://cdn.example/f.png) ![g](data:image/png;base64,AA)',
    )
    const json = JSON.stringify(tree)
    expect(json).not.toMatch(/javascript:|data:/)
    expect(json).toContain('"href":"https://shop.example/a"')
    expect(json).toContain('"href":"mailto:help@shop.example"')
    expect(json).toContain('"src":"https://cdn.example/f.png"')
    expect(treeText(tree)).toBe('a b c d e f g')
  })

  it('decodes entities once and keeps escapes as text', () => {
    expect(treeText(markdownTree('Tom &amp; Jerry &#x1F600; \\*not italic\\* &lt;b&gt;'))).toBe(
      'Tom & Jerry 😀 *not italic* <b>',
    )
  })

  it('answers thousands of nested quotes with plain paragraphs instead of failing', () => {
    const tree = markdownTree(`${'> '.repeat(5000)}deep\n\nnext`)
    expect(treeText(tree)).toContain('next')
  })

  it('checks targets after decoding', () => {
    expect(safeHref('&#106;avascript:alert(1)')).toBeUndefined()
    expect(safeHref(' https://a.example ')).toBe('https://a.example')
    expect(safeHref('mailto:a@b.example', true)).toBeUndefined()
  })
})
