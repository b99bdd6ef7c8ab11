import { beforeAll, describe, expect, it } from 'vitest'
import { DIST, ensureWidgetBuild, entryFiles, gzipSize } from '../../kit/built-widget'
import {
  inviteFile,
  measureBuiltWidget,
  NAMED_LANGUAGES,
  staticClosure,
  type WidgetFigures,
} from '../../kit/built-widget-figures'
import { COMMON_CHUNKS, chunkName } from '../../kit/widget-chunks'
import { LANGUAGES } from '../../shared/widget-api'

// The built widget's bytes: what each figure covers, its ceiling here and the target the
// issues set. The figures come from `npm run build`, then
// `npx vitest run tests/widget/size-budget.test.ts tests/widget/tap-path-budget.test.ts`
// (they print them); kit/built-widget-figures.ts computes them for these tests and for
// the docs (`npm run docs:figures`). Brotli is what the server sends (the build's .br
// files, widget.js with the site's config inside); gzip is gzip -9 of the built files.
// A ceiling is the figure at the last change rounded up to the next 64 B (the chunks'
// hashes alone move a file's brotli by tens of bytes): lower it when a change wins bytes,
// and raise it only with the reason beside it. Where a target is not met, the test
// prints by how much. Raised once since, at the merge of issue 35's and 36's last gaps
// (the site's own mask patterns on every text, the contact's name masked, the offline
// note, the header's agent before the bot, the network-down sentence under the message
// box, the list that keeps following the bottom): the chat chunk +145 B brotli.
const KIB = 1024

/** widget.js + the loader, gzip: 6,856 B (target 6 KiB; the window's frame at the tap, widget/loader/window-shell.ts, is in it; the frame's greeting drawn as the home screen's heading, issue 35). */
const LOADER_CEILING = 6912
const LOADER_TARGET = 6 * KIB
/**
 * What a conversation with the common features loads, gzip: widget.js, the loader, the
 * chat, the engine and the chunks every conversation may fetch (COMMON_CHUNKS)
 * (target 27 KiB; the engine apart from the chat costs the set about 1.5 KiB, the price of
 * a lighter first open; +59 B when the list's English moved to the engine's chunk; +729 B
 * when the first frame's log became a file of its own, intro-log): 38,101 B (-171 B: Preact's
 * fields one letter each, widget/build/short-preact-fields.ts).
 */
const COMMON_CEILING = 38144
const COMMON_TARGET = 27 * KIB
/** Each language's file but English (widget/i18n/languages/), gzip: Greek, the largest, 3,092 B. */
const LANGUAGE_BUDGET = 3 * KIB + 64
/**
 * Chunks fetched for one feature only, each with its budget in bytes of gzip: its size
 * when budgeted, rounded up to the next 0.25 or 0.5 KiB. Every built chunk is in
 * COMMON_CHUNKS or here, so none slips in unbudgeted.
 */
const OPTIONAL_BUDGETS_GZIP: Record<string, number> = {
  // The emoji picker; the attachments (upload, tray, retries).
  EmojiPicker: 3 * KIB,
  attachments: 4.5 * KIB,
  // The invitation, its label, single-page navigation and rules; the rarer page API calls.
  invite: 2 * KIB,
  'invite-label': 0.5 * KIB,
  'invite-nav': 0.5 * KIB,
  'invite-engine': 2 * KIB,
  api: 1.75 * KIB,
  'page-api': 1 * KIB,
  // The Help view (at the first input or Help), the help routes' client and
  // Porthole.searchArticles.
  help: 5 * KIB,
  'help-client': 1.5 * KIB,
  'page-search': 0.5 * KIB,
  // Masking at the first text of 12 digits or more.
  'mask-text': 3 * KIB,
  // "Back at 9:00", a file card's icon, the home screen, the pre-chat form, who answers in
  // the header.
  'back-at': 1 * KIB,
  FileIcon: 1 * KIB,
  HomeScreen: 2.5 * KIB,
  PreChat: 2.5 * KIB,
  AnsweringHeading: 2 * KIB,
  // "Load earlier", "Retry"/"Send now", an e-mail's resume link, the end of a conversation
  // (rating, transcript), the bot's buttons and Markdown.
  LoadEarlier: 0.5 * KIB,
  resend: 0.5 * KIB,
  resume: 1.75 * KIB,
  EndOfChat: 3.25 * KIB,
  RichItem: 1.5 * KIB,
  // The consent step, the window's menu, the visitor-data calls (export, erasure).
  consent: 2 * KIB,
  menu: 1.5 * KIB,
  'visitor-data': 1.5 * KIB,
  // One file per language but English, fetched by the loader for that language's visitors.
  ...Object.fromEntries(
    LANGUAGES.filter((lang) => lang !== 'en').map((lang) => [`chat.${lang}`, LANGUAGE_BUDGET]),
  ),
}
/** widget.js with the default config + the loader, brotli: all a page fetches before the visitor engages (6,097 B; 6,056 B with the chunks' hashes fixed: +4 B for handing the chat the loader's language file). */
const BEFORE_ENGAGEMENT_BR = 6 * KIB
const BEFORE_ENGAGEMENT_HASH_FREE_CEILING = 6080
/** The same on a site with one plain invitation (+ the invite chunk): 7,635 B (target 6 KiB). */
const WITH_INVITATION_CEILING_BR = 7680
/**
 * A new visitor's first open, brotli: before engagement + the tap path (the chat chunk;
 * tap-path-budget.test.ts): 18,808 B. The target is 16 KiB and 25 KiB gzip (issue 38):
 * the chat chunk carries Preact (about 3.9 KiB of it), the window's styles, header and
 * message box and the English they show; the language file comes from the loader, the
 * list's styles and English with the engine, the first frame's log and the bubbles'
 * styles in intro-log, fetched beside the window (-461 B). 18,627 B since Preact's internal
 * fields and the lifecycle methods it reads have one-letter names (widget/build/
 * short-preact-fields.ts, -191 B) and the window's styles no longer repeat the loader's.
 */
const FIRST_OPEN_CEILING_BR = 18688
const FIRST_OPEN_TARGET_BR = 16 * KIB
const FIRST_OPEN_TARGET_GZIP = 25 * KIB
/**
 * The first open + the engine (the conversation, its list and the messages' rendering):
 * a returning visitor's open, a new visitor's first key, with what the engine imports
 * (intro-log): 29,862 B; 29,256 B before the first frame's log left the chat's file (+606 B:
 * intro-log, a file of its own, compresses apart); 29,681 B with Preact's short field names.
 */
const WITH_ENGINE_CEILING_BR = 29696

// The figures are computed by kit/built-widget-figures.ts, which the docs'
// figures (scripts/docs-figures.ts) read too.
let figures: WidgetFigures
beforeAll(async () => {
  await ensureWidgetBuild()
  figures = measureBuiltWidget(DIST)
}, 180_000)

describe('size budgets of the built widget', () => {
  it('loader: widget.js + the loader chunk and its static imports under their ceiling (target 6 KiB gzip)', () => {
    const size = figures.loaderGzip
    console.info(
      `widget loader: ${size} B gzip (target ${LOADER_TARGET}, ${size - LOADER_TARGET} B over; ${figures.loaderFiles.join(', ')})`,
    )
    expect(size).toBeLessThanOrEqual(LOADER_CEILING)
  })

  it('common features: widget.js, the loader, the chat and the chunks every conversation may load under their ceiling (target 27 KiB gzip)', () => {
    const files = figures.commonFiles
    const size = figures.commonGzip
    console.info(
      `widget common features: ${size} B gzip (target ${COMMON_TARGET}, ceiling ${COMMON_CEILING}; ${files.join(', ')})`,
    )
    // Each of them is built (a renamed chunk would otherwise drop out of the sum).
    expect(files.map((file) => (file === 'widget.js' ? file : chunkName(file))).sort()).toEqual(
      ['widget.js', ...COMMON_CHUNKS].sort(),
    )
    expect(size).toBeLessThanOrEqual(COMMON_CEILING)
  })

  it('optional chunks: each within its own budget, and no chunk without a budget', () => {
    const sizes = Object.entries(figures.gzipByChunk).filter(([name]) => name !== 'widget.js')
    console.info(
      `widget optional chunks, B gzip: ${sizes
        .filter(([name]) => !COMMON_CHUNKS.includes(name))
        .map(([name, size]) => `${name} ${size}/${OPTIONAL_BUDGETS_GZIP[name]}`)
        .join(', ')}`,
    )
    const unbudgeted = sizes.filter(
      ([name]) => !COMMON_CHUNKS.includes(name) && OPTIONAL_BUDGETS_GZIP[name] === undefined,
    )
    expect(unbudgeted.map(([name]) => name)).toEqual([])
    for (const [name, size] of sizes) {
      const budget = OPTIONAL_BUDGETS_GZIP[name]
      if (budget !== undefined) expect(size, name).toBeLessThanOrEqual(budget)
    }
    // A budgeted chunk that is no longer built is a stale entry.
    const built = new Set(sizes.map(([name]) => name))
    expect(Object.keys(OPTIONAL_BUDGETS_GZIP).filter((name) => !built.has(name))).toEqual([])
  })

  it('names chunks by what they are, hash aside', () => {
    expect(chunkName('assets/chat-CS-B3_35.js')).toBe('chat')
    expect(chunkName('assets/chat-CS-B3_35.jsru.js')).toBe('chat.ru')
    expect(chunkName('assets/chat-CS-B3_35.jsja.js')).toBe('chat.ja')
    expect(chunkName('assets/invite-engine-z5sZ55r1.js')).toBe('invite-engine')
    expect(() => chunkName('assets/stray.js')).toThrow(/not named/)
  })

  it('before engagement: widget.js with the config + the loader <= 6 KiB transferred with brotli', () => {
    const size = figures.beforeEngagement
    const hashFree = figures.beforeEngagementHashFree
    console.info(
      `widget before engagement: ${size} B brotli, ${hashFree} B with the chunks' hashes fixed (widget.js with the default config, ${figures.loaderFiles.join(', ')})`,
    )
    expect(size).toBeLessThanOrEqual(BEFORE_ENGAGEMENT_BR)
    expect(hashFree).toBeLessThanOrEqual(BEFORE_ENGAGEMENT_HASH_FREE_CEILING)
    // The status answer is the only other response before engagement (tens of bytes).
  })

  it('first open, the engine and an invitation under their ceilings (first open target 16 KiB brotli, 25 KiB gzip)', () => {
    const { firstOpen, firstOpenGzip, withEngine, withInvitation: withInvite, invite } = figures
    // Another language's file loads before engagement, for its visitors only (printed);
    // English is built in.
    const [russian, japanese, arabic] = NAMED_LANGUAGES.map(
      (lang) => figures.brotliByChunk[`chat.${lang}`],
    )
    console.info(
      `widget with an invitation before engagement: ${withInvite} B brotli; at the first open: ${firstOpen} B brotli, ${firstOpen - FIRST_OPEN_TARGET_BR} B over the target of ${FIRST_OPEN_TARGET_BR} B, ${firstOpenGzip} B gzip (chat ${figures.chat} B: ${figures.chatFiles.join(', ')}; language files ${russian} B in Russian, ${japanese} B in Japanese, ${arabic} B in Arabic; +${invite} B with an invitation); with the conversation's engine: ${withEngine} B (+${figures.engine} B)`,
    )
    // The first open first: the other ceilings failing must not hide it.
    expect(firstOpen).toBeLessThanOrEqual(FIRST_OPEN_CEILING_BR)
    expect(firstOpenGzip).toBeLessThanOrEqual(FIRST_OPEN_TARGET_GZIP)
    expect(withEngine).toBeLessThanOrEqual(WITH_ENGINE_CEILING_BR)
    expect(withInvite).toBeLessThanOrEqual(WITH_INVITATION_CEILING_BR)
    // The invitation's code is not loaded where no invitation is configured.
    expect(figures.loaderFiles).not.toContain(inviteFile(DIST))
    expect(invite).toBeGreaterThan(0)
  })

  it('the loader does not pull in the chat UI (Preact) or the chat chunk', () => {
    const { loader, chat } = entryFiles()
    const closure = staticClosure(DIST, loader)
    expect(closure.has(chat)).toBe(false)
    expect(gzipSize(chat)).toBeGreaterThan(5 * KIB)
  })
})
