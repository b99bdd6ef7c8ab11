import { beforeAll, describe, expect, it } from 'vitest'
import { ensureWidgetBuild, entryFiles, readBuilt, staticClosure } from '../../../kit/built-widget'

// What a site with one plain invitation loads: the loader and the bubble, nothing for
// the launcher's label, page patterns or rules (issue 14). Checked on the built files.
beforeAll(ensureWidgetBuild, 180_000)

/** The invitation's chunk, as widget.js names it. */
function bubbleFile(): string {
  const name = readBuilt('widget.js').match(/widget\/assets\/(invite-[\w-]+\.js)/)?.[1]
  if (!name) throw new Error('widget.js names no invitation chunk')
  return `assets/${name}`
}

/** The chunk file an import("./<prefix>-<hash>.js") in `code` names. */
function lazyChunk(code: string, prefix: string): string {
  const name = code.match(new RegExp(`import\\(\`\\./(${prefix}-[\\w-]+\\.js)\``))?.[1]
  if (!name) throw new Error(`no import() of a ${prefix} chunk`)
  return `assets/${name}`
}

describe('the invitation chunks', () => {
  it('the bubble needs only the loader: the label, navigation and rules are loaded by import()', () => {
    const bubble = bubbleFile()
    const { loader } = entryFiles()
    expect([...staticClosure(bubble)].sort()).toEqual([bubble, ...staticClosure(loader)].sort())
    const code = readBuilt(bubble)
    // No navigation hooks, no label styles, no rules in the bubble's own code.
    expect(code).not.toMatch(/pushState|popstate/)
    expect(code).not.toContain('.ph-label')
    expect(code).not.toMatch(/utm|referrer|sessionStorage/)
    expect(readBuilt(lazyChunk(code, 'invite-label'))).toContain('.ph-label')
    expect(readBuilt(lazyChunk(code, 'invite-nav'))).toMatch(/pushState/)
  })

  it('the rules share the navigation chunk with page patterns (no copy of it)', () => {
    const code = readBuilt(bubbleFile())
    const engine = lazyChunk(code, 'invite-engine')
    const nav = lazyChunk(code, 'invite-nav')
    expect(staticClosure(engine).has(nav)).toBe(true)
    expect(readBuilt(engine)).not.toMatch(/pushState/)
  })
})
