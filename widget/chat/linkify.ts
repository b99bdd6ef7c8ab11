import { isHttpUrl } from '../protocol/http-url'

/** A link found in a message: what it shows and where it goes (http(s) or mailto: only). */
export interface TextLink {
  text: string
  href: string
}

const SCHEME = /https?:\/\/[^<>"`/]/gi
// Characters that end a URL wherever they are: they cannot stand in a URL unescaped.
const URL_END = /[<>"`]/g
// Punctuation a sentence puts after a link: left outside it (brackets only when unbalanced).
const TRAILING = /[.,:;!?'…\p{Pf}]/u
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' }
const OPENERS = new Map(Object.entries(CLOSERS).map(([closer, opener]) => [opener, closer]))
const EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u

/** The part of `candidate` that belongs to the link: trailing punctuation and unbalanced closers go. */
function trimEnd(candidate: string): string {
  // Each bracket's surplus of closers, counted once: the loop below stays linear.
  const surplus: Record<string, number> = {}
  for (const char of candidate) {
    const opener = CLOSERS[char]
    if (opener) surplus[char] = (surplus[char] ?? 0) + 1
    else if (OPENERS.has(char)) {
      const closer = OPENERS.get(char) as string
      surplus[closer] = (surplus[closer] ?? 0) - 1
    }
  }
  let end = candidate.length
  for (;;) {
    const last = candidate[end - 1] ?? ''
    if (TRAILING.test(last)) end--
    else if (CLOSERS[last] && (surplus[last] ?? 0) > 0) {
      surplus[last] = (surplus[last] ?? 0) - 1
      end--
    } else return candidate.slice(0, end)
  }
}

/** Splits one whitespace-free word into text and links (regexes resume by index: no copies). */
function linkWord(word: string, parts: (string | TextLink)[]): void {
  let from = 0
  for (;;) {
    SCHEME.lastIndex = from
    const scheme = SCHEME.exec(word)?.index
    if (scheme === undefined) break
    URL_END.lastIndex = scheme
    const url = trimEnd(word.slice(scheme, URL_END.exec(word)?.index ?? word.length))
    // A host the URL parser refuses (or a URL past 2048 characters) stays text.
    parts.push(word.slice(from, scheme), isHttpUrl(url) ? { text: url, href: url } : url)
    // What follows (punctuation, a quote…) is scanned again: it may hold another link.
    from = scheme + url.length
  }
  const rest = word.slice(from)
  const at = rest.indexOf('@')
  // Leading brackets and quotes, and trailing punctuation, are not part of the address.
  const start = rest.search(/[^(["'«‹“‘<]/)
  const address = at < 0 || start < 0 || start > at ? '' : trimEnd(rest.slice(start))
  if (!EMAIL.test(address)) {
    parts.push(rest)
    return
  }
  parts.push(
    rest.slice(0, start),
    { text: address, href: `mailto:${address}` },
    rest.slice(start + address.length),
  )
}

/**
 * Finds the http(s) URLs and e-mail addresses in a message's text, in order, with the
 * text around them. Anything else (javascript:, data:, a bare "www.") stays text.
 * Linear in the text's length: words are split on whitespace and each is scanned once.
 *
 * @example linkify('See https://example.com.') // ['See ', {text, href: 'https://example.com'}, '.']
 */
export function linkify(text: string): (string | TextLink)[] {
  const found: (string | TextLink)[] = []
  for (const word of text.split(/(\s+)/)) {
    if (word.includes(':') || word.includes('@')) linkWord(word, found)
    else found.push(word)
  }
  // Adjacent text is joined: a message without links is one string.
  const parts: (string | TextLink)[] = []
  for (const part of found) {
    const previous = parts[parts.length - 1]
    if (part === '') continue
    if (typeof part === 'string' && typeof previous === 'string')
      parts[parts.length - 1] = previous + part
    else parts.push(part)
  }
  return parts
}
