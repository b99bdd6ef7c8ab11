import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  builtScripts,
  DIST,
  ensureWidgetBuild,
  entryFiles,
  ROOT,
  readBuilt,
} from '../../../kit/built-widget'
import { CONFIG_PLACEHOLDER, embedConfig } from '../../../shared/embed-code'

beforeAll(ensureWidgetBuild, 180_000)

describe('the built embed', () => {
  it('widget.js is a classic script: no static import or export, nothing leaks', () => {
    const code = readBuilt('widget.js')
    // new Function parses the text as a classic script body: a static import/export throws.
    expect(() => new Function(code)).not.toThrow()
    expect(code.startsWith('(()=>{')).toBe(true)
    expect(code).toContain('import(')
  })

  it('widget.js points at content-hashed files that exist', () => {
    const { loader, chat } = entryFiles()
    for (const file of [loader, chat]) {
      expect(file).toMatch(/^assets\/[\w]+-[\w-]{8}\.js$/)
      expect(existsSync(join(DIST, file))).toBe(true)
    }
  })

  it('widget.js has one place for the public config, which the server fills (null as built)', () => {
    const code = readBuilt('widget.js')
    expect(code.split(CONFIG_PLACEHOLDER)).toHaveLength(2)
    const filled = embedConfig(code, { title: 'Acme' })
    expect(filled).toContain('config:{"title":"Acme"}')
    // Still a classic script.
    expect(() => new Function(filled)).not.toThrow()
  })

  it('widget.js names the invitation chunk, which exists and exports createInvite', () => {
    const name = readBuilt('widget.js').match(/widget\/assets\/(invite-[\w-]+\.js)/)?.[1]
    expect(name).toBeDefined()
    expect(readBuilt(`assets/${name}`)).toMatch(/export\s*\{[^}]*\bcreateInvite\b/)
  })

  it('the loader exports start() for widget.js', () => {
    expect(readBuilt(entryFiles().loader)).toMatch(/export\s*\{[^}]*\bstart\b/)
  })

  it('no script injects styles or evaluates strings (strict CSP)', () => {
    for (const file of builtScripts()) {
      const found = readBuilt(file).match(
        /createElement\(["'`]style|\beval\(|new Function\(|\.insertRule\(/,
      )
      expect(found?.[0], file).toBeUndefined()
    }
  })

  it('the widget source never sets HTML (Preact only sets text and attributes)', () => {
    const sources = readdirSync(join(ROOT, 'widget'), { recursive: true, encoding: 'utf8' }).filter(
      (name) => /\.tsx?$/.test(name),
    )
    for (const name of sources) {
      const found = readFileSync(join(ROOT, 'widget', name), 'utf8').match(
        /innerHTML|dangerouslySetInnerHTML|insertAdjacentHTML|outerHTML/,
      )
      expect(found?.[0], name).toBeUndefined()
    }
  })

  it('lazy chunks import each other by relative paths', () => {
    const { chat } = entryFiles()
    for (const match of readBuilt(chat).matchAll(/from\s*["']([^"']+)["']/g)) {
      expect(match[1]).toMatch(/^\.\//)
    }
  })
})
