import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  BEGIN_MARKER,
  CONFIG_PAGE,
  DocsConfigError,
  docsCoverage,
  END_MARKER,
  renderConfigPage,
  renderEnvTable,
  withEnvTable,
} from '../../scripts/docs-config'
import { ENV_DOCS } from '../../server/config/env-docs'
import { EnvSchema } from '../../server/config/env-schema'

// The operators' configuration page lists every environment variable the backend reads,
// rendered from the schema's descriptions: a variable added without a description, or a
// page edited by hand, fails here.

const page = readFileSync(new URL(`../../${CONFIG_PAGE}`, import.meta.url), 'utf8')
const doc = { meaning: 'what it does', default: '`1`' }

describe('the environment variables table', () => {
  it('describes every variable of the env schema, and no other', () => {
    expect(docsCoverage(Object.keys(EnvSchema.shape), ENV_DOCS)).toEqual({
      undocumented: [],
      unknown: [],
    })
  })

  it('is on the configuration page as scripts/docs-config.ts writes it', () => {
    expect(page, 'run npx tsx scripts/docs-config.ts').toBe(renderConfigPage(page))
  })

  it('has one row per schema variable', () => {
    const rows = page.split('\n').filter((line) => line.startsWith('| `'))
    const names = rows.map((line) => /^\| `([A-Z0-9_]+)`/.exec(line)?.[1])
    expect(names.sort()).toEqual(Object.keys(EnvSchema.shape).sort())
  })
})

describe('the table renderer', () => {
  it('renders a row per description, in their order', () => {
    expect(renderEnvTable(['B', 'A'], { A: doc, B: { meaning: 'b', default: 'required' } })).toBe(
      '| variable | meaning | default |\n|---|---|---|\n| `A` | what it does | `1` |\n| `B` | b | required |',
    )
  })

  it('refuses a schema variable without a description, naming it', () => {
    const render = () => renderEnvTable(['A', 'NEW_ONE'], { A: doc })
    expect(render).toThrow(DocsConfigError)
    expect(render).toThrow(/NEW_ONE/)
  })

  it('refuses a description of a variable the schema does not read', () => {
    expect(() => renderEnvTable(['A'], { A: doc, GONE: doc })).toThrow(/GONE/)
  })

  it('refuses a description that would break the table', () => {
    expect(() => renderEnvTable(['A'], { A: { meaning: 'a | b', default: '1' } })).toThrow(
      /one non-empty line/,
    )
    expect(() => renderEnvTable(['A'], { A: { meaning: 'a\nb', default: '1' } })).toThrow(
      DocsConfigError,
    )
  })

  it('replaces only what is between the markers', () => {
    const before = `# T\n\nintro\n\n${BEGIN_MARKER}\n\nold table\n\n${END_MARKER}\n\nafter\n`
    expect(withEnvTable(before, 'NEW')).toBe(
      `# T\n\nintro\n\n${BEGIN_MARKER}\n\nNEW\n\n${END_MARKER}\n\nafter\n`,
    )
    expect(withEnvTable(withEnvTable(before, 'NEW'), 'NEW')).toBe(withEnvTable(before, 'NEW'))
  })

  it('refuses a page without the markers', () => {
    expect(() => withEnvTable('# T\n', 'NEW')).toThrow(/needs the lines/)
  })
})
