import { afterEach, describe, expect, it, vi } from 'vitest'

// The widget's chat chunk imports shared/text.ts for its constants: loading the module must
// not make a grapheme segmenter (its first costs a slow phone tens of ms at the tap).
describe('shared/text.ts loading', () => {
  const RealSegmenter = Intl.Segmenter
  // Intl.Segmenter is read-only to TypeScript, writable (and configurable) in the runtime.
  const setSegmenter = (value: typeof Intl.Segmenter) =>
    Object.defineProperty(Intl, 'Segmenter', { value, configurable: true, writable: true })
  afterEach(() => {
    setSegmenter(RealSegmenter)
    vi.resetModules()
  })

  it('makes no Intl.Segmenter until splitText needs one', async () => {
    const made = vi.fn()
    setSegmenter(
      class extends RealSegmenter {
        constructor(...args: ConstructorParameters<typeof RealSegmenter>) {
          super(...args)
          made()
        }
      },
    )
    vi.resetModules()
    const text = await import('../../shared/text')
    expect(text.MAX_TEXT_LENGTH).toBe(1000)
    expect(text.cutText('short')).toBe('short')
    expect(made).not.toHaveBeenCalled()
    expect(text.splitText('é '.repeat(600))).toHaveLength(2)
    expect(made).toHaveBeenCalledTimes(1)
    text.splitText('ü '.repeat(600))
    expect(made).toHaveBeenCalledTimes(1)
  })
})
