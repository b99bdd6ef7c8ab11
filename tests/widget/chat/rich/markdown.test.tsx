import { render } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { markdown } from '../../../../widget/chat/rich/markdown'
import type { TestWidget } from '../../../support/mount-widget'
import { createEntry } from '../../../support/widget-factories'
import { openChat } from '../../support/chat-helpers'

// The bot's MARKDOWN (spec 2.6, first version: link, bold, italic) in the widget.

const html = (text: string) => render(<p>{markdown(text)}</p>).container.innerHTML

describe('markdown', () => {
  it.each(
    Object.entries({
      '[a page](https://en.example/wiki/Tent_(camping))':
        '<p><a href="https://en.example/wiki/Tent_(camping)" target="_blank" rel="noopener noreferrer">a page</a></p>',
      'All in **the price list**, *updated weekly*.':
        '<p>All in <strong>the price list</strong>, <em>updated weekly</em>.</p>',
      '__bold__ and _italic_': '<p><strong>bold</strong> and <em>italic</em></p>',
      'See [the **price** list](https://shop.example/prices?a=1&b=2).':
        '<p>See <a href="https://shop.example/prices?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">the <strong>price</strong> list</a>.</p>',
    }),
  )(
    'renders bold, italic and http(s) links that open a new tab without the opener: %s',
    (text, expected) => {
      expect(html(text)).toBe(expected)
    },
  )

  it('never makes markup of the text: HTML shows as the characters it is', () => {
    const { container } = render(
      <p>
        {markdown('<img src=x onerror="alert(1)"> **<b>hi</b>** [<i>x</i>](https://ok.example)')}
      </p>,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    expect(container.querySelector('i')).toBeNull()
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>hi</b> <i>x</i>')
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '//evil.example/x',
    'mailto:a@b.example',
  ])('shows the text of a link to %s, with no link', (href) => {
    const { container } = render(<p>{markdown(`click [here](${href}) now`)}</p>)
    expect(container.querySelector('a')).toBeNull()
    expect(container.textContent).toBe('click here now')
  })

  it.each(
    Object.entries({
      'snake_case_name and 2 * 3 = 6 and a * b *':
        '<p>snake_case_name and 2 * 3 = 6 and a * b *</p>',
      '# Not a heading\n- not a list `not code`': '<p># Not a heading\n- not a list `not code`</p>',
      '\\*not italic\\* and **unclosed': '<p>*not italic* and **unclosed</p>',
    }),
  )('leaves what is not Markdown of the first version as it is: %s', (text, expected) => {
    expect(html(text)).toBe(expected)
  })
})

describe('a MARKDOWN message of the bot in the chat', () => {
  let widget: TestWidget | undefined
  afterEach(() => widget?.unmount())

  it('shows the rendered Markdown instead of the fallback', async () => {
    widget = await openChat()
    widget.stream().emit(
      'message',
      createEntry({
        id: '41',
        content: { type: 'text', text: 'Prices: see the price list on our site.' },
        rich: {
          type: 'markdown',
          text: 'Prices: see **the price list** at [price-list.pdf](https://shop.example/price-list.pdf) or [this](javascript:alert(1)).',
        },
      }),
      '41',
    )
    const link = await widget.screen.findByRole('link', { name: 'price-list.pdf' })
    expect(link.getAttribute('href')).toBe('https://shop.example/price-list.pdf')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    const bubble = link.closest('.ph-bubble')
    expect(bubble?.querySelector('strong')?.textContent).toBe('the price list')
    expect(bubble?.querySelectorAll('a')).toHaveLength(1)
    expect(bubble?.textContent).toBe('Prices: see the price list at price-list.pdf or this.')
  })
})
