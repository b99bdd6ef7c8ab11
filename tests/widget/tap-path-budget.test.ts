import { beforeAll, describe, expect, it } from 'vitest'
import { DIST, ensureWidgetBuild, entryFiles } from '../../kit/built-widget'
import { tapPath } from '../../kit/built-widget-figures'

// What a new visitor's tap on the launcher must fetch before the chat window is usable:
// the chat's file and whatever it imports statically that the loader does not hold (the
// engine comes with the first key, widget/chat/window/controller.ts; the home screen and
// who answers are drawn after the window). On the phone profile every request costs a
// round trip of 150 ms and every KiB about 5 ms, so both the count and the bytes are held
// here, on the built files: `npm run build`, then this test prints them
// (kit/built-widget-figures.ts tapPath(), also the docs' figure); the bench times the tap
// (`npm run bench -- --only tap`).

/** Requests from the tap to a usable window: the chat's file only. */
const TAP_PATH_REQUESTS = 1
/**
 * Its brotli bytes: 12,499 B, rounded up to the next 64 B (see size-budget.test.ts); lowered
 * from 13,184: the first frame's log and the bubbles' styles went to a file of their own
 * (intro-log), fetched beside the window; from 12,736: Preact's fields and the lifecycle
 * methods it reads one letter each (widget/build/short-preact-fields.ts).
 */
const TAP_PATH_BUDGET_BR = 12544

beforeAll(ensureWidgetBuild, 180_000)

describe("a new visitor's tap on the launcher", () => {
  it(`fetches at most ${TAP_PATH_REQUESTS} file of at most ${TAP_PATH_BUDGET_BR} B brotli`, () => {
    // The same computation gives the docs their tap-path figure (scripts/docs-figures.ts).
    const { chat } = entryFiles()
    const { files: onTap, bytes } = tapPath(DIST)
    console.info(
      `widget tap path: ${onTap.length} file(s), ${bytes} B brotli (${onTap.join(', ')})`,
    )
    expect(onTap).toContain(chat)
    expect(onTap.length).toBeLessThanOrEqual(TAP_PATH_REQUESTS)
    expect(bytes).toBeLessThanOrEqual(TAP_PATH_BUDGET_BR)
  })
})
