import { minifySync } from 'rolldown/utils'
import type { Plugin } from 'vite'

/**
 * Preact's published build names its internal fields `__k`, `__e`, `__c`… (vnodes,
 * components, hooks, `options`); the first open's chunk carries about 300 of them. Only
 * the chunk that holds Preact touches them, so there they become one letter each: the
 * minifier's property mangling picks letters no other property of that chunk uses.
 * Rolldown's own `mangleProps` works on single-chunk builds only, hence this pass on the
 * one chunk (before the minifier, which keeps its source map).
 */
const INTERNAL = /__[a-zA-Z]?/
/**
 * The class components' lifecycle and context methods, and `options.debounceRendering`:
 * Preact reads them, no component of the widget defines them (the build refuses one that
 * does, below), so Preact's reads can be as short as its internal fields.
 */
const CLASS_ONLY =
  /getDerivedStateFrom(?:Props|Error)|getSnapshotBeforeUpdate|getChildContext|shouldComponentUpdate|component(?:Will|Did)[A-Z][a-zA-Z]+|contextType|debounceRendering/
export const PREACT_FIELD = new RegExp(`^(?:${INTERNAL.source}|${CLASS_ONLY.source})$`)
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
      // A lifecycle method left under its long name anywhere (a class component, a quoted
      // read) would not be the one Preact calls.
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue
        if (item.name !== holder && FIELD_ACCESS.test(item.code))
          throw new Error(`widget build: ${item.fileName} reads one of Preact's fields`)
        const method = CLASS_ONLY.exec(item.code)?.[0]
        if (method) throw new Error(`widget build: ${item.fileName} names ${method}`)
      }
    },
  }
}
