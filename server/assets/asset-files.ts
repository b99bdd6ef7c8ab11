import { readFile, stat } from 'node:fs/promises'
import { makeVariants, type Precompressed, type Variants } from './variants'

async function readOptional(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path)
  } catch {
    return undefined
  }
}

/**
 * Built files with their encodings, read once and kept while the file is unchanged
 * (same size and modification time: a rebuild under a running server is picked up).
 * The build's `<file>.br` and `<file>.gz` are used when present and current; anything
 * else is compressed here, once. `transform` rewrites a file's text before encoding
 * (widget.js gets the site's settings); its key says when to redo it.
 */
export function createAssetFiles() {
  const cache = new Map<string, { version: string; variants: Variants }>()

  return {
    /** The file's variants, or undefined when it does not exist. */
    async load(
      path: string,
      transform?: {
        key: string
        apply: (text: string) => string
        /** Keeps one transformed copy per slot (e.g. per language) instead of one per file. */
        slot?: string
      },
    ): Promise<Variants | undefined> {
      let version: string
      try {
        const info = await stat(path)
        if (!info.isFile()) return undefined
        version = `${info.size}:${info.mtimeMs}:${transform?.key ?? ''}`
      } catch {
        return undefined
      }
      const entry = transform?.slot === undefined ? path : `${path}#${transform.slot}`
      const cached = cache.get(entry)
      if (cached?.version === version) return cached.variants
      const identity = await readOptional(path)
      if (!identity) return undefined
      let variants: Variants
      if (transform) {
        variants = makeVariants(Buffer.from(transform.apply(identity.toString('utf8'))))
      } else {
        const [br, gzip] = await Promise.all([
          readOptional(`${path}.br`),
          readOptional(`${path}.gz`),
        ])
        const precompressed: Precompressed = {}
        if (br) precompressed.br = br
        if (gzip) precompressed.gzip = gzip
        variants = makeVariants(identity, precompressed)
      }
      cache.set(entry, { version, variants })
      return variants
    },
  }
}
