// @vitest-environment node
import { fileURLToPath } from 'node:url'
import { build, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { translationPlugin } from '../../../widget/i18n/translation-module'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const ENTRY = '\0translation-entry'

describe('the translations plugin in a real build', () => {
  it('builds language files and English read in place with source maps on, and warns nothing (issue 35, defect 12)', async () => {
    const warnings: string[] = []
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [
        translationPlugin,
        {
          name: 'entry',
          resolveId: (id) => (id === ENTRY ? ENTRY : null),
          load: (id) =>
            id === ENTRY
              ? `import de from '${root}widget/i18n/languages/de.json'\nimport ar from '${root}widget/i18n/languages/ar.json'\nimport { EN_HOME_STRINGS } from '${root}widget/chat/home/home-strings'\nexport default [de, ar, EN_HOME_STRINGS]`
              : null,
        },
      ],
      build: {
        write: false,
        sourcemap: true,
        minify: false,
        rolldownOptions: {
          input: ENTRY,
          onwarn: (warning: Rolldown.RollupLog) => {
            warnings.push(`${warning.code}: ${warning.message}`)
          },
        },
      },
    })
    expect(warnings).toEqual([])
  })
})
