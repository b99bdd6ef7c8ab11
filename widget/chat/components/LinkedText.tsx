import { linkify } from '../model/linkify'

/**
 * A message's text with its http(s) URLs and e-mail addresses as links that open in a
 * new tab, told nothing about the page they came from. A chunk of its own, loaded with
 * the first text that may hold a link.
 */
export function linked(text: string) {
  return linkify(text).map((part) =>
    typeof part === 'string' ? (
      part
    ) : (
      <a href={part.href} target="_blank" rel="noopener noreferrer nofollow">
        {part.text}
      </a>
    ),
  )
}
