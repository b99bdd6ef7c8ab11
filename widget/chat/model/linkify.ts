import { isHttpUrl } from '../../protocol/http-url'

/** A link found in a message: what it shows and where it goes (http(s) or mailto: only). */
export interface TextLink {
  text: string
  href: string
}

// Where a link starts: a scheme, or a bare "www." host (linked as https) at a word's
// start or after a bracket or quote (group 1), never inside a word, a host or an address
// ("awww.", "info@www.x.com").
const START = /https?:\/\/[^<>"`/]|(^|[^\p{L}\p{N}.@/:-])www\.[^\s.]/giu
// A bare host ends in a label of letters, so "www.e.g", "www.1.2" and "www.example" stay
// text, and "www.a.com@evil.example" (a login, not a host) too.
const BARE_HOST = /^www\.[^/?#@]+\.\p{L}{2,}(?![^:/?#])/iu
// Characters that end a URL wherever they are: they cannot stand in a URL unescaped.
const URL_END = /[<>"`]/g
// Punctuation a sentence puts after a link: left outside it (brackets only when unbalanced).
const TRAILING = /[.,:;!?'…\p{Pf}]/u
// Each pair of brackets, its opener then its closer.
const PAIRS = '()[]{}'
const MAY_LINK = /[:@]|www\./i
const EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u

/** The part of `candidate` that belongs to the link: trailing punctuation and unbalanced closers go. */
function trimEnd(candidate: string): string {
  // Each closer's surplus over its opener, counted once: the loop below stays linear.
  const surplus: Record<string, number> = {}
  for (const char of candidate) {
    const at = PAIRS.indexOf(char)
    const closer = PAIRS[at | 1]
    if (at >= 0 && closer) surplus[closer] = (surplus[closer] ?? 0) + (at % 2 ? 1 : -1)
  }
  let end = candidate.length
  for (;;) {
    const last = candidate[end - 1] ?? ''
    if (TRAILING.test(last)) end--
    else if ((surplus[last] ?? 0) > 0) {
      surplus[last] = (surplus[last] ?? 0) - 1
      end--
    } else return candidate.slice(0, end)
  }
}

/** Splits one whitespace-free word into text and links (regexes resume by index: no copies). */
function linkWord(word: string, parts: (string | TextLink)[]): void {
  let from = 0
  for (;;) {
    START.lastIndex = from
    const match = START.exec(word)
    if (!match) break
    const before = match[1]
    const start = match.index + (before?.length ?? 0)
    URL_END.lastIndex = start
    const url = trimEnd(word.slice(start, URL_END.exec(word)?.index ?? word.length))
    const href = before === undefined ? url : `https://${url}`
    // A host the URL parser refuses (or a URL past 2048 characters) stays text.
    const linked = isHttpUrl(href) && (href === url || BARE_HOST.test(url))
    parts.push(word.slice(from, start), linked ? { text: url, href } : url)
    // What follows (punctuation, a quote…) is scanned again: it may hold another link.
    from = start + url.length
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
 * Finds the http(s) URLs, bare `www.` hosts (linked as https) and e-mail addresses in a
 * message's text, in order, with the text around them. Anything else (javascript:,
 * data:, "e.g.", "v1.2") stays text. Linear in the text's length: words are split on
 * whitespace and each is scanned once.
 *
 * @example linkify('See https://example.com.') // ['See ', {text, href: 'https://example.com'}, '.']
 * @example linkify('www.example.com/faq') // [{text: 'www.example.com/faq', href: 'https://www.example.com/faq'}]
 */
export function linkify(text: string): (string | TextLink)[] {
  const found: (string | TextLink)[] = []
  for (const word of text.split(/(\s+)/)) {
    if (MAY_LINK.test(word)) linkWord(word, found)
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
