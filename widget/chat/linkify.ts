import { isHttpUrl } from '../protocol/http-url'

/** A link found in a message: what it shows and where it goes (http(s) or mailto: only). */
export interface TextLink {
  text: string
  href: string
}

// Where a link starts: a scheme, or a bare "www." host (linked as https).
const START = /https?:\/\/[^<>"`/]|www\.[\p{L}\p{N}]/giu
// A "www." right after one of these is inside a word, a host or an address ("awww.",
// "info@www.x.com"): not a link's start.
const INSIDE_WORD = /[\p{L}\p{N}\p{M}._%+@/:-]/u
// A bare host's last label: letters (or an IDN's punycode), so "e.g.", "v1.2" and
// "www.example" stay text.
const BARE_HOST = /^www\.(?:[^.]+\.)+(?:[a-z]{2,}|xn--[a-z0-9-]+)$/
// Characters that end a URL wherever they are: they cannot stand in a URL unescaped.
const URL_END = /[<>"`]/g
// Punctuation a sentence puts after a link: left outside it (brackets only when unbalanced).
const TRAILING = /[.,:;!?'…\p{Pf}]/u
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' }
const OPENERS = new Map(Object.entries(CLOSERS).map(([closer, opener]) => [opener, closer]))
const MAY_BE_HOST = /www\./i
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

/** Where a bare `www.` host goes (https), or undefined when it is not a host's name. */
function bareHostHref(text: string): string | undefined {
  const href = `https://${text}`
  if (!isHttpUrl(href)) return undefined
  const url = new URL(href)
  // "www.a.com@evil.example" would go to evil.example: text, never a link.
  return url.username === '' && url.password === '' && BARE_HOST.test(url.hostname)
    ? href
    : undefined
}

/** Splits one whitespace-free word into text and links (regexes resume by index: no copies). */
function linkWord(word: string, parts: (string | TextLink)[]): void {
  let from = 0
  let search = 0
  for (;;) {
    START.lastIndex = search
    const start = START.exec(word)?.index
    if (start === undefined) break
    const bare = word[start] === 'w' || word[start] === 'W'
    if (bare && start > 0 && INSIDE_WORD.test(word[start - 1] ?? '')) {
      search = start + 1
      continue
    }
    URL_END.lastIndex = start
    const url = trimEnd(word.slice(start, URL_END.exec(word)?.index ?? word.length))
    // A host the URL parser refuses (or a URL past 2048 characters) stays text.
    const href = bare ? bareHostHref(url) : isHttpUrl(url) ? url : undefined
    parts.push(word.slice(from, start), href ? { text: url, href } : url)
    // What follows (punctuation, a quote…) is scanned again: it may hold another link.
    from = start + url.length
    search = from
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
    if (word.includes(':') || word.includes('@') || MAY_BE_HOST.test(word)) linkWord(word, found)
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
