/**
 * The `dir` of the nearest element around the first `text` in `html` that sets one
 * (`auto` on a message's paragraph, `rtl` from the page), or undefined when none does.
 */
export function directionAround(html: string, text: string): string | undefined {
  const at = html.indexOf(text)
  if (at < 0) throw new Error(`"${text}" is not in the HTML`)
  let depth = 0
  // Walk back over the tags before the text: a closing tag skips its element.
  const tags = [...html.slice(0, at).matchAll(/<\/?[a-z][a-z0-9]*\b[^>]*>/gi)].reverse()
  for (const [tag] of tags) {
    if (tag.startsWith('</')) depth += 1
    else if (/^<(br|img|meta|link|input)\b/i.test(tag)) continue
    else if (depth > 0) depth -= 1
    else {
      const dir = /\sdir="([^"]*)"/.exec(tag)?.[1]
      if (dir) return dir
    }
  }
  return undefined
}
