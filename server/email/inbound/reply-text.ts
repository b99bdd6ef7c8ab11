// The visitor's new words in an e-mail reply: the quoted history and the signature
// taken out. Pure functions over the text part (or the text mailparser made of an
// HTML-only message, whose blockquotes come out as `>` lines). Tested on every
// fixture in tests/server/email/inbound/fixtures.

/** A line of the quoted history: `>` first (after spaces). */
const QUOTED = /^\s*>/
/** "On Wed, Nov 25, 2026 at 6:12 PM Anna <a@b> wrote:" (Gmail, Apple Mail, Thunderbird, mutt, Yahoo). */
const ATTRIBUTIONS: RegExp[] = [
  /^On\s.+\swrote:$/i,
  // German and French clients.
  /^Am\s.+\sschrieb\s.*:$/,
  /^Le\s.+\sa\s+écrit\s*:$/,
  // Thunderbird and others in Russian: "25.11.2026 21:12, Northwind Support пишет:";
  // Apple Mail: "… написал(а):".
  /^.+\s(?:пишет|писал|писала|написал|написала|написал\(а\)|писал\(а\)):$/,
  // Gmail in Russian names nobody's verb: "ср, 25 нояб. 2026 г. в 21:12, Anna <a@b>:".
  /^.*\d{4}\s*г\.\s*в\s*\d{1,2}:\d{2}.*:$/,
]
/** How many lines an attribution may be wrapped over (Gmail wraps before the address). */
const ATTRIBUTION_LINES = 3
/**
 * The longest attribution (its lines joined): real ones are well under this, and the
 * patterns above, tried on no more than this, cost little however long a line is.
 */
const MAX_ATTRIBUTION_CHARS = 500
/** "-----Original Message-----" (Outlook), in the languages we see. */
const ORIGINAL_MESSAGE =
  /^\s*-{2,}\s*(?:Original Message|Исходное сообщение|Ursprüngliche Nachricht|Message d'origine)\s*-{2,}\s*$/i
/** The first line of Outlook's header block of the replied-to message. */
const HEADER_FROM = /^\s*\*?(?:From|От|Von|De)\s*:\*?\s*\S/
const HEADER_SENT = /^\s*\*?(?:Sent|Date|Отправлено|Дата|Gesendet|Envoyé)\s*:/
const HEADER_TO = /^\s*\*?(?:To|Subject|Кому|Тема|An|Betreff|À|Objet)\s*:/
/** How far below "From:" the other header lines may be. */
const HEADER_BLOCK_LINES = 5
/** Outlook's line above its header block. */
const SEPARATOR = /^\s*_{8,}\s*$/
/** The signature delimiter "-- " (many clients drop its trailing space). */
const SIGNATURE = /^--\s*$/
/** What mobile clients add below the reply. */
const DEVICE_SIGNATURES: RegExp[] = [
  /^Sent from my \w+/i,
  /^Sent from (?:Mail|Outlook|Yahoo Mail|Gmail)\b/i,
  /^Get Outlook for (?:iOS|Android)/i,
  /^Отправлено (?:с|из) /i,
]

/**
 * The visitor's reply without the quoted history and the signature: Gmail's, Apple
 * Mail's and Thunderbird's "On … wrote:" (and the Russian "… пишет:") with the quote
 * below it, Outlook's "From: … Sent: …" block and "-----Original Message-----" with
 * everything after them, `>` lines wherever they are (quoted above, below or between
 * the answers), a "-- " signature and "Sent from my iPhone". Blank lines at either end
 * are trimmed and runs of them shortened to one.
 *
 * @example extractReply('Thanks!\n\nOn Wed, 25 Nov 2026, Anna wrote:\n> Hi') // 'Thanks!'
 */
export function extractReply(text: string): string {
  let lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    // trimEnd, not /\s+$/: that expression is quadratic on a long run of blanks.
    .map((line) => line.trimEnd())
  lines = lines.slice(0, historyStart(lines))
  lines = removeAttributions(lines)
  lines = lines.filter((line) => !QUOTED.test(line))
  const signature = lines.findIndex((line) => SIGNATURE.test(line))
  if (signature >= 0) lines = lines.slice(0, signature)
  lines = dropDeviceSignature(lines)
  return tidy(lines)
}

/** Where an unquoted copy of the replied-to message begins (Outlook): its index, or the length. */
export function historyStart(lines: readonly string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (ORIGINAL_MESSAGE.test(line)) return i
    if (HEADER_FROM.test(line) && isHeaderBlock(lines, i)) {
      // The separator line above belongs to the history too.
      let start = i
      while (
        start > 0 &&
        (lines[start - 1]?.trim() === '' || SEPARATOR.test(lines[start - 1] ?? ''))
      )
        start -= 1
      return start
    }
  }
  return lines.length
}

function isHeaderBlock(lines: readonly string[], from: number): boolean {
  const below = lines.slice(from + 1, from + 1 + HEADER_BLOCK_LINES)
  return below.some((line) => HEADER_SENT.test(line)) && below.some((line) => HEADER_TO.test(line))
}

/**
 * How many lines (1–3) starting at `index` form an attribution line, or 0. Quote
 * marks in front are ignored (iOS quotes its own attribution). A date or time is
 * required, so "On Monday I wrote:" in the visitor's words is not taken for one.
 */
export function attributionAt(lines: readonly string[], index: number): number {
  let joined = ''
  for (let count = 1; count <= ATTRIBUTION_LINES; count++) {
    const line = lines[index + count - 1]
    if (line === undefined) return 0
    const bare = line.replace(/^(?:\s*>)+\s?/, '').trim()
    if (bare === '') return 0
    joined = joined === '' ? bare : `${joined} ${bare}`
    if (joined.length > MAX_ATTRIBUTION_CHARS) return 0
    // Every pattern ends in ':' and none is tried on a line that does not: a failing
    // match is where backtracking costs.
    if (!joined.endsWith(':') || !/\d/.test(joined)) continue
    if (ATTRIBUTIONS.some((pattern) => pattern.test(joined))) return count
  }
  return 0
}

/**
 * Takes out each attribution. One followed by `>` lines goes alone (the quote goes
 * with the other `>` lines, and an answer below it stays); one followed by unquoted
 * text (a client that copies the history without quote marks) takes the rest along.
 */
function removeAttributions(lines: string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const count = attributionAt(lines, i)
    if (count === 0) {
      kept.push(lines[i] ?? '')
      continue
    }
    const next = nextNonBlank(lines, i + count)
    if (next === undefined || !QUOTED.test(next)) break
    i += count - 1
  }
  return kept
}

/** The first line from `from` on that is not blank. */
function nextNonBlank(lines: readonly string[], from: number): string | undefined {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line.trim() !== '') return line
  }
  return undefined
}

function dropDeviceSignature(lines: string[]): string[] {
  const last = lines.findLastIndex((line) => line.trim() !== '')
  const line = lines[last]?.trim() ?? ''
  if (last >= 0 && DEVICE_SIGNATURES.some((pattern) => pattern.test(line))) {
    return lines.slice(0, last)
  }
  return lines
}

/** Trims blank lines at both ends and shortens runs of them to one. */
function tidy(lines: readonly string[]): string {
  const out: string[] = []
  for (const line of lines) {
    if (line.trim() === '' && (out.length === 0 || out.at(-1) === '')) continue
    out.push(line.trim() === '' ? '' : line)
  }
  while (out.at(-1) === '') out.pop()
  return out.join('\n')
}
