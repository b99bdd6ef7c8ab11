import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { CONFIG_PLACEHOLDER } from '../server/assets/embed-config'
import { brotli, gzip } from '../server/assets/variants'

const root = fileURLToPath(new URL('..', import.meta.url))
const BOOTSTRAP = 'widget/embed/bootstrap.ts'
const LOADER = 'widget/loader/start.ts'
const CHAT = 'widget/chat/start-chat.tsx'
const INVITE = 'widget/loader/invite.ts'

/**
 * Turns the bootstrap entry into dist/widget/widget.js: a classic script (wrapped in a
 * function so nothing leaks) that knows the content-hashed names of the loader and the
 * chat chunk. The loader gets the chat's URL from it, so the loader's own hash never
 * depends on the chat's (and Vite's preload helper is not needed).
 */
function embedScript(): Plugin {
  return {
    name: 'porthole-embed-script',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []))
      const entry = (path: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(path))
        if (!chunk) throw new Error(`widget build: the entry ${path} is missing`)
        return chunk
      }
      const bootstrap = entry(BOOTSTRAP)
      // The loader's modules live in the "loader" group chunk; its entry is a re-export
      // facade. widget.js imports the group chunk directly (one request less) and drops
      // the facade, which nothing else imports.
      const facade = entry(LOADER)
      const loader = chunks.find(
        (chunk) =>
          chunk.exports.includes('start') && chunk.moduleIds.some((id) => id.endsWith(LOADER)),
      )
      if (!loader) throw new Error("widget build: no chunk exports the loader's start()")
      if (loader !== facade && !chunks.some((chunk) => chunk.imports.includes(facade.fileName))) {
        delete bundle[facade.fileName]
      }
      const file = (chunk: { fileName: string }) => chunk.fileName.replace(/^assets\//, '')
      if (bootstrap.imports.length > 0 || bootstrap.exports.length > 0) {
        throw new Error(
          'widget build: widget/embed/bootstrap.ts must not import or export anything',
        )
      }
      const placeholders = ['LOADER_FILE', 'CHAT_FILE', 'INVITE_FILE', 'PORTHOLE_CONFIG']
      for (const placeholder of placeholders) {
        if (bootstrap.code.split(placeholder).length !== 2) {
          throw new Error(`widget build: the bootstrap must name ${placeholder} exactly once`)
        }
      }
      // The server puts the site's settings where PORTHOLE_CONFIG was (server/assets/embed-config.ts).
      const code = bootstrap.code
        .replace('LOADER_FILE', file(loader))
        .replace('CHAT_FILE', file(entry(CHAT)))
        .replace('INVITE_FILE', file(entry(INVITE)))
        .replace('PORTHOLE_CONFIG', CONFIG_PLACEHOLDER)
      delete bundle[bootstrap.fileName]
      this.emitFile({ type: 'asset', fileName: 'widget.js', source: `(()=>{${code}})();\n` })
    },
  }
}

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) beside every
 * emitted file: the server sends them as they are (server/assets/asset-files.ts).
 */
function precompress(): Plugin {
  return {
    name: 'porthole-precompress',
    writeBundle(options, bundle) {
      const dir = options.dir ?? `${root}/dist/widget`
      for (const item of Object.values(bundle)) {
        const source = item.type === 'chunk' ? item.code : item.source
        const bytes = typeof source === 'string' ? Buffer.from(source) : source
        writeFileSync(join(dir, `${item.fileName}.br`), brotli(bytes))
        writeFileSync(join(dir, `${item.fileName}.gz`), gzip(bytes))
      }
    },
  }
}

// The widget: widget.js (classic embed script) + content-hashed ES modules in assets/.
export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [embedScript(), precompress()],
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    minify: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: {
        bootstrap: `${root}/${BOOTSTRAP}`,
        loader: `${root}/${LOADER}`,
        chat: `${root}/${CHAT}`,
        invite: `${root}/${INVITE}`,
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        format: 'es',
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // Modules the chat shares with the loader go into the loader's own file: one
        // request and one gzip stream for the loader.
        // Keeps export names, so the loader group chunk exports `start` by that name.
        minifyInternalExports: false,
        codeSplitting: {
          groups: [
            {
              name: 'loader',
              test: /\/widget\/(loader\/(?!invite|page-pattern)|state\/|storage\/|i18n\/(language|loader-strings)|protocol\/(read|public-config))/,
            },
          ],
        },
      },
    },
  },
})
