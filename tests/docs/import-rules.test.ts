import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, sourcesUnder } from './support/source-imports'

// The import rules of docs/contributing/tiers.md: each runtime in its own top-level
// folder, and no runtime reaching into another's. The tsconfigs keep DOM types out of the
// server and Node types out of the browser apps; this keeps their imports apart.

/** One rule: files under `from` import nothing `refuses` says no to. */
type Rule = { from: string; refuses: (target: Target) => boolean; why: string }
/** What an import points at: a repository path (relative imports) or a package name. */
type Target = { path: string } | { pkg: string }

const under = (target: Target, ...folders: string[]) =>
  'path' in target && folders.some((folder) => target.path.startsWith(folder))

const RULES: Rule[] = [
  {
    from: 'server/',
    refuses: (target) => under(target, 'widget/', 'studio/', 'demo/console/'),
    why: 'the server imports nothing from the browser apps (widget/, studio/, demo/console/)',
  },
  {
    from: 'widget/',
    refuses: (target) => under(target, 'server/'),
    why: 'the widget imports nothing from server/ (shared code goes to shared/)',
  },
  {
    from: 'widget/',
    refuses: (target) => under(target, 'shared/help/markdown-tree'),
    why: 'the widget gets articles parsed by the backend: the Markdown parser stays out of its bytes',
  },
  {
    from: 'widget/chat/model/',
    refuses: (target) =>
      'path' in target &&
      target.path.startsWith('widget/chat/') &&
      !target.path.startsWith('widget/chat/model/'),
    why: "the conversation model is pure: it imports nothing of the chat's engine or window",
  },
  {
    from: 'studio/',
    refuses: (target) => under(target, 'server/'),
    why: 'the studio imports nothing from server/ (shared code goes to shared/)',
  },
  {
    from: 'shared/',
    refuses: (target) =>
      'path' in target
        ? !target.path.startsWith('shared/')
        : target.pkg !== 'zod' && !target.pkg.startsWith('zod/') && target.pkg !== 'marked',
    why: "shared/ imports nothing but zod, marked (the articles' Markdown, read by the server and the studio's preview) and shared/ itself",
  },
  {
    from: 'kit/',
    refuses: (target) =>
      under(target, 'tests/', 'bench/') ||
      (under(target, 'scripts/') && !under(target, 'scripts/vite-builds.mjs')),
    why: "the test kit serves tests/, bench/ and scripts/ and imports none of them (but the build's own options, scripts/vite-builds.mjs)",
  },
]

/** What `specifier`, imported by the repository file `file`, points at. */
function targetOf(file: string, specifier: string): Target {
  if (!specifier.startsWith('.')) return { pkg: specifier }
  return { path: posix.normalize(posix.join(posix.dirname(file), specifier)) }
}

/** Each import of `files` (repository path → code) that breaks a rule, as `file → specifier: why`. */
function violations(files: ReadonlyMap<string, string>, rules: Rule[] = RULES): string[] {
  const found: string[] = []
  for (const [file, code] of files) {
    for (const rule of rules) {
      if (!file.startsWith(rule.from)) continue
      for (const specifier of importsOf(code))
        if (rule.refuses(targetOf(file, specifier)))
          found.push(`${file} → ${specifier}: ${rule.why}`)
    }
  }
  return found
}

describe('the import reader', () => {
  it('finds static, type-only, multi-line, re-exported, side-effect and dynamic imports', () => {
    const code = [
      "import { a } from '../a'",
      "import type { B } from '../b'",
      'import {',
      '  c,',
      '  d,',
      "} from '../cd'",
      "export { e } from './e'",
      "export * from './f'",
      "import './g.css'",
      "const h = () => import('../h')",
      '/** not an import: from "../comment" */',
    ].join('\n')
    expect(importsOf(code)).toEqual(
      expect.arrayContaining(['../a', '../b', '../cd', './e', './f', './g.css', '../h']),
    )
    expect(importsOf(code)).toHaveLength(7)
  })

  it('resolves relative imports to repository paths and leaves packages by name', () => {
    expect(targetOf('widget/chat/x.ts', '../../server/errors')).toEqual({ path: 'server/errors' })
    expect(targetOf('shared/settings/x.ts', '../widget-api')).toEqual({ path: 'shared/widget-api' })
    expect(targetOf('shared/x.ts', 'zod')).toEqual({ pkg: 'zod' })
  })
})

describe('the rules', () => {
  it('catch each kind of forbidden import', () => {
    const files = new Map([
      ['server/api/x.ts', "import { mount } from '../../widget/loader/start'"],
      ['server/admin/y.ts', "import { Studio } from '../../studio/src/Studio'"],
      ['server/z.ts', "const c = () => import('../demo/console/src/api')"],
      ['widget/chat/x.ts', "import { PortholeError } from '../../server/errors'"],
      ['studio/src/x.ts', "import { checkSettings } from '../../server/settings/load-settings'"],
      ['shared/x.ts', "import { readFileSync } from 'node:fs'"],
      ['shared/settings/y.ts', "import { ConfigError } from '../../server/config/errors'"],
      ['widget/chat/model/z.ts', "import type { Engine } from '../engine/engine'"],
      ['kit/x.ts', "import { mountWidget } from '../tests/support/mount-widget'"],
      ['kit/y.ts', "import { median } from '../bench/lib/stats'"],
    ])
    expect(violations(files)).toHaveLength(files.size)
  })

  it('let each runtime use shared/ and zod, and the studio the widget', () => {
    const files = new Map([
      [
        'server/api/x.ts',
        "import { z } from 'zod'\nimport { MAX_TEXT_LENGTH } from '../../shared/text'",
      ],
      [
        'widget/chat/x.ts',
        "import { h } from 'preact'\nimport { LANGUAGES } from '../../shared/widget-api'",
      ],
      ['widget/chat/model/y.ts', "import { emptyConversation } from './empty-conversation'"],
      ['studio/src/preview/x.ts', "import { mount } from '../../../widget/loader/start'"],
      [
        'shared/settings/x.ts',
        "import { z } from 'zod'\nimport { LANGUAGES } from '../widget-api'",
      ],
      ['demo/sandbox/x.ts', "import { PortholeError } from '../../server/errors'"],
      ['kit/z.ts', "import { viteBuildOptions } from '../scripts/vite-builds.mjs'"],
    ])
    expect(violations(files)).toEqual([])
  })
})

describe("the repository's imports", () => {
  it('follow the rules', () => {
    const files = new Map<string, string>()
    for (const folder of ['server', 'widget', 'studio', 'shared', 'kit'])
      sourcesUnder(folder, files)
    expect(files.size).toBeGreaterThan(300)
    expect(violations(files)).toEqual([])
  })
})
