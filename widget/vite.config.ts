import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import { CONFIG_PLACEHOLDER } from '../shared/embed-code'
import { LANGUAGES } from '../shared/widget-api'
import { shortPreactFields } from './build/short-preact-fields'
import { translationPlugin } from './i18n/translation-module'

const root = fileURLToPath(new URL('..', import.meta.url))
const BOOTSTRAP = 'widget/embed/bootstrap.ts'
const LOADER = 'widget/loader/start.ts'
const CHAT = 'widget/chat/window/start-chat.tsx'
const INVITE = 'widget/loader/invite.ts'
/** Every language but English (built into the chunks that read it) has a file of its own. */
const OTHER_LANGUAGES = LANGUAGES.filter((lang) => lang !== 'en')
const languageFile = (lang: string) => `widget/i18n/languages/${lang}.json`

/**
 * A module's `export{a as b,c}` lists as exported name -> local name (or, for
 * `export{…}from`, the name the other module exports).
 */
function exportList(code: string, from: boolean): Map<string, string> {
  const names = new Map<string, string>()
  const pattern = from ? /export\s*\{([^}]*)\}\s*from/g : /export\s*\{([^}]*)\}(?!\s*from)/g
  for (const [, list] of code.matchAll(pattern)) {
    for (const item of (list ?? '').split(',')) {
      const [local, as = local] = item.trim().split(/\s+as\s+/)
      if (local && as) names.set(as, local)
    }
  }
  return names
}

/**
 * Turns the bootstrap entry into dist/widget/widget.js: a classic script (wrapped in a
 * function so nothing leaks) that knows the content-hashed names of the loader and the
 * chat chunk. The loader gets the chat's URL from it, so the loader's own hash never
 * depends on the chat's (and Vite's preload helper is not needed).
 */
function embedScript(): Plugin {
  return {
    name: 'porthole-embed-script',
    augmentChunkHash(chunk) {
      if (chunk.moduleIds.some((id) => id.endsWith(CHAT))) return languagesHash()
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []))
      const entry = (path: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(path))
        if (!chunk) throw new Error(`widget build: the entry ${path} is missing`)
        return chunk
      }
      const bootstrap = entry(BOOTSTRAP)
      // The loader's and the chat's modules live in group chunks ("loader", "chat"); their
      // entries are re-export facades. widget.js names the group chunks directly (one
      // sequential request less) and the facades, which nothing else imports, are dropped.
      const grouped = (path: string, name: string) => {
        const facade = entry(path)
        if (facade.exports.includes(name) && facade.moduleIds.some((id) => id.endsWith(path)))
          return facade
        const chunk = chunks.find(
          (candidate) =>
            candidate !== facade && candidate.moduleIds.some((id) => id.endsWith(path)),
        )
        // Internal exports are minified: the facade says under which name the chunk
        // exports it, the chunk's export list which local binding that is.
        const exported = exportList(facade.code, true).get(name)
        const local = exported && exportList(chunk?.code ?? '', false).get(exported)
        if (!chunk || !local || !facade.imports.includes(chunk.fileName))
          throw new Error(`widget build: no chunk holds ${path}'s ${name}()`)
        // The chunk exports it under its public name too (widget.js and the loader use it).
        if (!chunk.exports.includes(name)) chunk.code += `export{${local} as ${name}};\n`
        if (!chunks.some((other) => other.imports.includes(facade.fileName))) {
          delete bundle[facade.fileName]
        }
        return chunk
      }
      const loader = grouped(LOADER, 'start')
      const chat = grouped(CHAT, 'startChat')
      // One file per language but English, chat-<hash>.js<lang>.js (widget/i18n/languages/,
      // built as entries of their own): the loader fetches it by that name before engagement
      // (widget/loader/start.ts) and hands it to the chat, which names none. The chat's hash
      // covers them (augmentChunkHash), so a changed language file gets a new name.
      for (const lang of OTHER_LANGUAGES) {
        const strings = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith(`/${languageFile(lang)}`),
        )
        if (!strings) throw new Error(`widget build: no chunk for ${languageFile(lang)}`)
        // Fetched before engagement: it must not pull in the chat (or anything else).
        if (strings.imports.length > 0 || strings.dynamicImports.length > 0)
          throw new Error(`widget build: ${languageFile(lang)} must import nothing`)
        if (chunks.some((other) => other.code.includes(basename(strings.fileName))))
          throw new Error(`widget build: a chunk names ${languageFile(lang)}'s file`)
        delete bundle[strings.fileName]
        this.emitFile({
          type: 'asset',
          fileName: `${chat.fileName}${lang}.js`,
          source: strings.code,
        })
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
      // The server puts the site's settings where PORTHOLE_CONFIG was (shared/embed-code.ts).
      const code = bootstrap.code
        .replace('LOADER_FILE', file(loader))
        .replace('CHAT_FILE', file(chat))
        .replace('INVITE_FILE', file(entry(INVITE)))
        .replace('PORTHOLE_CONFIG', CONFIG_PLACEHOLDER)
      delete bundle[bootstrap.fileName]
      this.emitFile({ type: 'asset', fileName: 'widget.js', source: `(()=>{${code}})();\n` })
    },
  }
}

/**
 * What the language files are built from (their data and translation-module.ts, which makes
 * them modules): their names are the chat's with the language after it, so the chat's hash
 * takes this in.
 */
export function languagesHash(): string {
  const hash = createHash('sha256')
  for (const path of [...OTHER_LANGUAGES.map(languageFile), 'widget/i18n/translation-module.ts'])
    hash.update(readFileSync(`${root}/${path}`))
  return hash.digest('hex')
}

/**
 * The bundler's runtime helpers (e.g. the namespace object an `import()` of a grouped chunk
 * gets) go into a file of their own when two chunks need them (the engine's and the first
 * frame's log, intro-log): a request more, after the chunk that imports it, before either
 * runs. This copies the helpers into each chunk that imports them instead (a few dozen
 * bytes each) and drops the file.
 */
function inlineRuntime(): Plugin {
  return {
    name: 'porthole-inline-runtime',
    generateBundle(_options, bundle) {
      const runtime = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.name === 'rolldown-runtime',
      )
      if (runtime?.type !== 'chunk') return
      const file = basename(runtime.fileName)
      const body = runtime.code.replace(/export\s*\{[^}]*\};?\s*$/, '')
      const exported = exportList(runtime.code, false)
      const importOf = new RegExp(
        `import\\s*\\{([^}]*)\\}\\s*from\\s*"\\./${file.replace(/[.]/g, '\\.')}";?`,
      )
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || item === runtime || !item.imports.includes(runtime.fileName))
          continue
        const names = importOf.exec(item.code)?.[1]
        if (names === undefined)
          throw new Error(`widget build: ${item.fileName} imports the runtime in a form not known`)
        const fields = names.split(',').map((name) => {
          const [from, as = from] = name.trim().split(/\s+as\s+/)
          const local = from && exported.get(from)
          if (!local || !as) throw new Error(`widget build: the runtime exports no ${from}`)
          return `${as}:${local}`
        })
        // Its own scope: the helpers' names cannot meet the chunk's.
        item.code = item.code.replace(
          importOf,
          `const{${fields.map((field) => field.split(':')[0]).join(',')}}=(()=>{${body};return{${fields.join(',')}}})();`,
        )
        item.imports = item.imports.filter((name) => name !== runtime.fileName)
      }
      delete bundle[runtime.fileName]
    },
  }
}

/** Brotli at its best (quality 11), as the server compresses what it serves itself. */
function brotli(body: Uint8Array): Uint8Array {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  })
}

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) beside every
 * emitted file: the server sends them as they are (server/assets/asset-files.ts) when
 * they decode to the file's bytes, and compresses the file itself otherwise.
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
        writeFileSync(join(dir, `${item.fileName}.gz`), gzipSync(bytes, { level: 9 }))
      }
    },
  }
}

/**
 * The chat's lazy parts (e.g. media rendering) are plain `import()`s of chunks that load
 * no CSS and no other chunk (the chat group holds what they share), so Vite's preload
 * wrapper has nothing to preload: this replaces its 3 KB helper with a direct call, and
 * drops the arguments that call ignores (`,[],import.meta.url` after every `import()`:
 * 17 B of brotli in the loader, bytes every visitor fetches before engagement).
 */
function noPreloadHelper(): Plugin {
  const helper = '\0vite/preload-helper.js'
  return {
    name: 'porthole-no-preload-helper',
    enforce: 'pre',
    load(id) {
      if (id === helper) return 'export const __vitePreload = (load) => load()'
    },
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') item.code = item.code.replaceAll(PRELOAD_ARGUMENTS, ')')
      }
    },
  }
}

/** What the build passes the preload helper besides the import: its deps (none here; a placeholder until Vite fills it in) and the base. */
const PRELOAD_ARGUMENTS = /,\s*(?:__VITE_PRELOAD__|\[[^\]]*\])\s*,\s*import\.meta\.url\s*\)/g

/**
 * The stylesheets are written one rule per line (`export const X_CSS = \`…\``): the line
 * breaks after a `;`, `{` or `}` mean nothing to CSS, so the build drops them.
 */
function compactCss(): Plugin {
  return {
    name: 'porthole-compact-css',
    transform(code, id) {
      if (!id.startsWith(`${root}widget/`) || !code.includes('_CSS = `')) return
      // map: null keeps the module's own map: lines shift inside the strings, but every
      // byte still maps to this module (what scripts/chunk-modules.ts counts).
      return {
        code: code.replace(
          /(_CSS = `)([^`]*)`/g,
          (_, start: string, css: string) =>
            `${start}${css.replace(/^\n/, '').replace(/([;{}])\n/g, '$1')}\``,
        ),
        map: null,
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
  plugins: [
    translationPlugin,
    noPreloadHelper(),
    compactCss(),
    inlineRuntime(),
    shortPreactFields('chat'),
    embedScript(),
    precompress(),
  ],
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
        ...Object.fromEntries(
          OTHER_LANGUAGES.map((lang) => [`chat.${lang}`, `${root}/${languageFile(lang)}`]),
        ),
      },
      preserveEntrySignatures: 'exports-only',
      // precompress() spends seconds on brotli's best level by design: on a busy machine
      // Rolldown would call that slow at every `npm start`, a warning nobody can act on.
      checks: { bundlerTimings: false },
      output: {
        format: 'es',
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // Modules the chat shares with the loader go into the loader's own file: one
        // request and one gzip stream for the loader.
        // Short export names between chunks; embedScript() gives the loader's and the
        // chat's group chunks their public `start` / `startChat` export back.
        minifyInternalExports: true,
        codeSplitting: {
          groups: [
            {
              name: 'loader',
              test: /\/widget\/(loader\/(?!invite|page-pattern)|state\/|storage\/|i18n\/(language|loader-strings)\.ts|protocol\/(read|public-config))/,
            },
            {
              // Everything else the chat entry imports statically, in one file; code the
              // chat loads with import() (media, the offline form) gets chunks of its own,
              // and what those share with the chat stays here instead of in extra chunks.
              name: 'chat',
              tags: ['$initial'],
              test: (id) => !/\/widget\/(loader|embed|i18n\/languages)\//.test(id),
            },
            {
              // The contact rules, with the offline form's words and styles: what both the
              // offline form and the pre-chat form (widget/chat/pre-chat/) use, in the one
              // chunk either fetches before any conversation.
              name: 'contact-rules',
              test: /\/(shared\/contact-rules|widget\/chat\/components\/offline-form-(strings|styles))\.ts$/,
            },
            {
              // The help routes' client, shared by the Help view's chunk and the page's
              // Porthole.searchArticles (before any conversation): not in the engine's.
              name: 'help-client',
              test: /\/widget\/(help\/help-client|protocol\/help-bodies)\.ts$/,
            },
            {
              // When the team is back (GET /api/status `opensAt`, "Back at 9:00"), the team's
              // settings and photos: what the header's heading and the home screen share,
              // fetched with either, after the window is drawn; not in the engine's file.
              name: 'back-at',
              test: /\/widget\/chat\/answering\/(back-at|opens-at|use-team|TeamPhotos)\.tsx?$/,
            },
            {
              // The first frame's log (a greeting, an answered invitation, dots while a stored
              // conversation is read) and what the engine's list shares with it: fetched when
              // a log first shows (not for the home screen), and with the engine.
              name: 'intro-log',
              test: /\/widget\/chat\/components\/(IntroLog|Dots|MessageText|message-styles)\.tsx?$/,
            },
            {
              // What the conversation's engine (widget/chat/engine/engine.ts, loaded when a
              // conversation starts) shares with the chunks that use it (the page API,
              // attachments): in the engine's file, not in extra ones. The contact rules
              // stay apart: the offline form needs them before any conversation.
              name: 'engine',
              test: (id) => id.endsWith('/widget/chat/engine/engine.ts') || undefined,
            },
            {
              name: 'engine',
              minShareCount: 2,
              // Not the visitor's data (chat/privacy/): a page's exportData() or a menu
              // opened before any conversation does not fetch the engine.
              test: (id) =>
                !/\/widget\/(loader\/|embed\/|protocol\/visitor-bodies|chat\/privacy\/)|\/shared\/contact-rules\./.test(
                  id,
                ),
            },
          ],
        },
      },
    },
  },
})
