import { convert } from 'html-to-text'

/**
 * The text of an HTML body, for messages that have no text part: blockquotes come
 * out as `>` lines (so extractReply removes them like any quote), images and link
 * targets are left out, lines are not wrapped.
 *
 * @example htmlText('<p>Yes</p><blockquote>Hi</blockquote>') // 'Yes\n\n> Hi'
 */
export function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    limits: { maxDepth: 1000 },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  })
}
