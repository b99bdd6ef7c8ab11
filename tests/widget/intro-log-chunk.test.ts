import { beforeAll, describe, expect, it } from 'vitest'
import { builtScripts, ensureWidgetBuild, entryFiles, readBuilt } from '../../kit/built-widget'
import { chunkName } from '../../kit/widget-chunks'

// Issue 38: the first frame's log (IntroLog.tsx) and the bubbles' styles are a chunk of
// their own (widget/vite.config.ts "intro-log"), out of a new visitor's first open; the
// engine's list imports it. Checked on the built files (`npm run build`).

beforeAll(ensureWidgetBuild, 180_000)

const chunk = (name: string) => {
  const file = builtScripts().find((path) => path !== 'widget.js' && chunkName(path) === name)
  if (!file) throw new Error(`no ${name} chunk built`)
  return file
}

describe("the first frame's log", () => {
  it("is not in the chat's file, and the engine's file imports it", () => {
    const chat = readBuilt(entryFiles().chat)
    const intro = chunk('intro-log')
    expect(chat).not.toContain('.ph-bubble{')
    expect(chat).not.toContain('ph-loading')
    expect(readBuilt(intro)).toContain('.ph-bubble{')
    expect(readBuilt(chunk('engine'))).toContain(`from"./${intro.replace('assets/', '')}"`)
  })

  it("brings no file of the bundler's helpers: each chunk that uses them has its copy", () => {
    // A shared helpers' file would be fetched after the engine's file, before it runs.
    const files = builtScripts()
    expect(files.filter((file) => file.includes('rolldown-runtime'))).toEqual([])
    for (const file of files) expect(readBuilt(file)).not.toContain('rolldown-runtime')
  })
})
