import type { Plugin } from 'vite'
import { minifySync } from 'rolldown/utils'

/**
 * Preact's published build names its internal fields `__k`, `__e`, `__c`… (vnodes,
 * components, hooks, `options`); the first open's chunk carries about 300 of them. Only
 * the chunk that holds Preact touches them, so there they become one letter each: the
 * minifier's property mangling picks letters no other property of that chunk uses.
 * Rolldown's own `mangleProps` works on single-chunk builds only, hence this pass on the
 * one chunk (before the minifier, which keeps its source map).
 */
export const PREACT_FIELD = /^__[a-zA-Z]?$/
/** Where Preact's fields are spelled out, other than in Preact: only regular expressions. */
const FIELD_ACCESS = /[\w$)\]]\.__[a-zA-Z]?\b|[{,]__[a-zA-Z]?:/

export function shortPreactFields(holder: string): Plugin {
  return {
    name: 'porthole-short-preact-fields',
    renderChunk(code, chunk) {
      if (!chunk.moduleIds.some((id) => id.includes('/node_modules/preact/'))) return null
      if (chunk.name !== holder)
        throw new Error(`widget build: Preact is in ${chunk.fileName}, not the ${holder} chunk`)
      const result = minifySync(chunk.fileName, code, {
        module: true,
        compress: false,
        mangle: false,
        codegen: { removeWhitespace: false },
        mangleProps: { include: PREACT_FIELD },
        sourcemap: true,
      })
      if (result.errors.length > 0)
        throw new Error(`widget build: ${result.errors.map((error) => error.message).join('; ')}`)
      return { code: result.code, map: result.map ?? null }
    },
    generateBundle(_options, bundle) {
      // A field read outside the chunk that holds Preact would miss its short name.
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.name !== holder && FIELD_ACCESS.test(item.code))
          throw new Error(`widget build: ${item.fileName} reads one of Preact's fields`)
      }
    },
  }
}
