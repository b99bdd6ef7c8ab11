// The built widget's byte figures, computed once for the size tests
// (tests/widget/size-budget.test.ts, tests/widget/tap-path-budget.test.ts) and for the
// docs (scripts/docs-figures.ts), so a page can only show what the tests hold.
// Brotli figures are the build's .br files and widget.js as the server sends it (with
// the site's public config inside, compressed the way the server does); gzip figures
// are gzip -9 of the built files (issue 5's budgets).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gzipSync } from 'node:zlib'
import { brotli } from '../server/assets/variants'
import { parseSettings } from '../server/settings/load-settings'
import { embedConfig } from '../shared/embed-code'
import { publicConfigOf } from '../shared/settings/public-config'
import { COMMON_CHUNKS, chunkName } from './widget-chunks'

/** The settings of a site with one plain invitation (the invitation's row). */
export const ONE_INVITATION = { invite: { text: 'Questions about pricing? Ask us!' } }
/** The languages whose file the first open's row names beside it. */
export const NAMED_LANGUAGES = ['ru', 'ja', 'ar'] as const

/** What a new visitor's tap on the launcher fetches: the chat's file and what only it imports. */
export type TapPath = { files: string[]; bytes: number }

export type WidgetFigures = {
  /** widget.js as served with the default settings, brotli. */
  embed: number
  /** The loader chunk and its static imports, brotli (.br files). */
  loader: number
  loaderFiles: string[]
  /** embed + loader: what a page transfers before the visitor engages. */
  beforeEngagement: number
  /** The same with the chunks' content hashes in the code replaced by one fixed name. */
  beforeEngagementHashFree: number
  /** The invitation's chunk, brotli. */
  invite: number
  /** Before engagement on a site with one plain invitation. */
  withInvitation: number
  /** The chat's file and what it imports statically that the loader does not hold, brotli. */
  chat: number
  chatFiles: string[]
  /** Before engagement + chat: a new visitor's first open. */
  firstOpen: number
  /** The conversation's engine chunk and the files it imports beyond the first open's, brotli. */
  engine: number
  /** The first open + the engine: a returning visitor's open, a new visitor's first key. */
  withEngine: number
  tapPath: TapPath
  /** Every built chunk's brotli bytes by name (hash aside); widget.js as built. */
  brotliByChunk: Record<string, number>
  /** Every built chunk's gzip -9 bytes by name (hash aside). */
  gzipByChunk: Record<string, number>
  /** widget.js + the loader chunk and its static imports, gzip -9. */
  loaderGzip: number
  /** loaderGzip + the tap path's files, gzip -9: a new visitor's first open. */
  firstOpenGzip: number
  /** widget.js and the chunks of COMMON_CHUNKS, gzip -9. */
  commonGzip: number
  commonFiles: string[]
}

export function readBuilt(dist: string, file: string): string {
  return readFileSync(join(dist, file), 'utf8')
}

export function gzipSize(dist: string, file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
}

/** The bytes the server sends for a built file with Accept-Encoding: br. */
export function brotliSize(dist: string, file: string): number {
  const path = join(dist, `${file}.br`)
  if (!existsSync(path))
    throw new Error(`${file}.br is missing: the build precompresses every file`)
  const encoded = readFileSync(path)
  // The server sends the .br only when it decodes to the file.
  if (!brotliDecompressSync(encoded).equals(readFileSync(join(dist, file))))
    throw new Error(`${file}.br does not decode to ${file}: run npm run build again`)
  return encoded.length
}

/** widget.js and every built chunk (`assets/<name>-<hash>.js`). */
export function builtScripts(dist: string): string[] {
  return [
    'widget.js',
    ...readdirSync(join(dist, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `assets/${name}`),
  ]
}

/** The asset files widget.js loads: [loader, chat]. */
export function entryFiles(dist: string): { loader: string; chat: string } {
  const names = [...readBuilt(dist, 'widget.js').matchAll(/widget\/assets\/([\w.-]+\.js)/g)].map(
    (match) => `assets/${match[1]}`,
  )
  const [loader, chat] = names
  if (!loader || !chat) throw new Error('widget.js names no loader and chat files')
  return { loader, chat }
}

/** A module's static imports, followed transitively (relative ./x.js specifiers). */
export function staticClosure(dist: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const match of readBuilt(dist, file).matchAll(
    /(?:import|export)\s*(?:[\w${},\s*]+from\s*)?["']\.\/([\w.-]+\.js)["']/g,
  )) {
    staticClosure(dist, `assets/${match[1]}`, seen)
  }
  return seen
}

/** widget.js as served with this settings file, brotli-compressed. */
export function servedEmbedSize(dist: string, settings: unknown, now = Date.now()): number {
  return brotli(Buffer.from(servedEmbed(dist, settings, now))).length
}

function servedEmbed(dist: string, settings: unknown, now: number): string {
  return embedConfig(
    readBuilt(dist, 'widget.js'),
    publicConfigOf(parseSettings(settings), 'en', now),
  )
}

/**
 * A file's brotli size with the chunks' content hashes it names (`-<8 characters>.js`)
 * replaced by one fixed name: the hashes change with any chunk's content, and their
 * letters alone moved the bytes before engagement by up to 35 B from one build to the
 * next (657 to 691 B for widget.js with the config), more than a change being measured.
 */
export function hashFreeBrotliSize(code: string): number {
  return brotli(Buffer.from(code.replace(/-[\w-]{8}\.js/g, '-00000000.js'))).length
}

/** The invitation's chunk (loaded only where the site has an invitation). */
export function inviteFile(dist: string): string {
  const name = readBuilt(dist, 'widget.js').match(/widget\/assets\/(invite-[\w-]+\.js)/)?.[1]
  if (!name) throw new Error('widget.js names no invitation chunk')
  return `assets/${name}`
}

/** What a new visitor's tap fetches: the chat's static closure minus the loader's. */
export function tapPath(dist: string): TapPath {
  const { loader, chat } = entryFiles(dist)
  const loaderFiles = staticClosure(dist, loader)
  const files = [...staticClosure(dist, chat)].filter((file) => !loaderFiles.has(file))
  return { files, bytes: sum(files, (file) => brotliSize(dist, file)) }
}

function sum(files: Iterable<string>, size: (file: string) => number): number {
  return [...files].reduce((total, file) => total + size(file), 0)
}

/** Every figure of the built widget in `dist` (dist/widget after `npm run build`). */
export function measureBuiltWidget(dist: string, now = Date.now()): WidgetFigures {
  const { loader: loaderEntry } = entryFiles(dist)
  const loaderFiles = [...staticClosure(dist, loaderEntry)]
  const embed = servedEmbedSize(dist, {}, now)
  const loader = sum(loaderFiles, (file) => brotliSize(dist, file))
  const beforeEngagementHashFree =
    hashFreeBrotliSize(servedEmbed(dist, {}, now)) +
    sum(loaderFiles, (file) => hashFreeBrotliSize(readBuilt(dist, file)))
  const invite = brotliSize(dist, inviteFile(dist))
  const tap = tapPath(dist)
  const firstOpen = embed + loader + tap.bytes
  const chunks = builtScripts(dist).filter((file) => file !== 'widget.js')
  const engineFiles = chunks.filter((file) => chunkName(file) === 'engine')
  if (engineFiles.length !== 1)
    throw new Error(`expected one engine chunk, found ${engineFiles.length}`)
  // With what the engine's file imports that the first open has not fetched (the first
  // frame's log, intro-log, which the engine's list draws with).
  const opened = new Set([...loaderFiles, ...tap.files])
  const withImports = [...staticClosure(dist, engineFiles[0] as string)].filter(
    (file) => !opened.has(file),
  )
  const engine = sum(withImports, (file) => brotliSize(dist, file))
  const brotliByChunk: Record<string, number> = { 'widget.js': brotliSize(dist, 'widget.js') }
  const gzipByChunk: Record<string, number> = { 'widget.js': gzipSize(dist, 'widget.js') }
  for (const file of chunks) {
    brotliByChunk[chunkName(file)] = brotliSize(dist, file)
    gzipByChunk[chunkName(file)] = gzipSize(dist, file)
  }
  const commonFiles = builtScripts(dist).filter(
    (file) => file === 'widget.js' || COMMON_CHUNKS.includes(chunkName(file)),
  )
  return {
    embed,
    loader,
    loaderFiles,
    beforeEngagement: embed + loader,
    beforeEngagementHashFree,
    invite,
    withInvitation: servedEmbedSize(dist, ONE_INVITATION, now) + loader + invite,
    chat: tap.bytes,
    chatFiles: tap.files,
    firstOpen,
    engine,
    withEngine: firstOpen + engine,
    tapPath: tap,
    brotliByChunk,
    gzipByChunk,
    loaderGzip: sum(['widget.js', ...loaderFiles], (file) => gzipSize(dist, file)),
    firstOpenGzip: sum(['widget.js', ...loaderFiles, ...tap.files], (file) => gzipSize(dist, file)),
    commonGzip: sum(commonFiles, (file) => gzipSize(dist, file)),
    commonFiles,
  }
}
