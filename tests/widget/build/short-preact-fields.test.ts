import { describe, expect, it } from 'vitest'
import { shortPreactFields } from '../../../widget/build/short-preact-fields'

const PREACT = '/repo/node_modules/preact/dist/preact.mjs'
const plugin = shortPreactFields('chat')

type Hook = (...args: unknown[]) => unknown
const hook = (name: 'renderChunk' | 'generateBundle') => plugin[name] as unknown as Hook

/** The plugin's pass over one chunk's code, as the build runs it. */
function render(code: string, chunk: { name: string; moduleIds: string[] }) {
  const result = hook('renderChunk').call({}, code, {
    ...chunk,
    fileName: `assets/${chunk.name}-x.js`,
  })
  return (result as { code: string } | null)?.code
}

/** The plugin's check of the written chunks. */
function check(chunks: Record<string, string>) {
  const bundle = Object.fromEntries(
    Object.entries(chunks).map(([name, code]) => [
      name,
      { type: 'chunk', name, fileName: `assets/${name}-x.js`, code },
    ]),
  )
  hook('generateBundle').call({}, {}, bundle)
}

// Preact's own spelling: internal fields, and a lifecycle method read on a component.
const PREACT_LIKE = `
const vnode = { __k: [1, 2], __e: 'dom', props: { __html: 'kept' } }
function diff(component) {
  if (component.componentDidMount) component.componentDidMount()
  return vnode.__k.length + vnode.__e + vnode.props.__html
}
class Own { componentDidMount() { this.__c = 'mounted' } }
export function run() { const own = new Own(); return diff(own) + own.__c }
`

describe("the widget build's short names for Preact's fields", () => {
  it("shortens Preact's fields and the lifecycle methods it reads, alike wherever the chunk spells them", async () => {
    const code = render(PREACT_LIKE, { name: 'chat', moduleIds: [PREACT] })
    expect(code).toBeDefined()
    expect(code).not.toMatch(/__k|__e\b|__c|componentDidMount/)
    // Names of other lengths are not Preact's fields: dangerouslySetInnerHTML's stays.
    expect(code).toContain('__html')
    const url = `data:text/javascript;base64,${Buffer.from(code ?? '').toString('base64')}`
    const module = await import(/* @vite-ignore */ url)
    expect(module.run()).toBe('2domkeptmounted')
  })

  it('leaves a chunk without Preact as it is', () => {
    expect(
      render('export const a = { __k: 1 }', { name: 'engine', moduleIds: ['/repo/widget/a.ts'] }),
    ).toBeUndefined()
  })

  it('refuses Preact in another chunk than the one named', () => {
    expect(() => render(PREACT_LIKE, { name: 'engine', moduleIds: [PREACT] })).toThrow(
      /Preact is in assets\/engine-x\.js, not the chat chunk/,
    )
  })

  it("refuses another chunk that reads one of Preact's fields", () => {
    expect(() => check({ chat: 'a.__k=1', engine: 'export const f=e=>e.__k' })).toThrow(
      /assets\/engine-x\.js reads one of Preact's fields/,
    )
    expect(() => check({ chat: 'a.__k=1', engine: 'export const f={__e:1}' })).toThrow(/reads/)
    // A regular expression with two underscores is no field.
    expect(() => check({ chat: 'a.__k=1', engine: 'export const f=/__(.+?)__/' })).not.toThrow()
  })

  it('refuses a lifecycle method left under its long name, in any chunk', () => {
    expect(() => check({ chat: 'a.e=1', engine: 'class A{componentWillUnmount(){}}' })).toThrow(
      /assets\/engine-x\.js names componentWillUnmount/,
    )
    expect(() => check({ chat: 'c["getDerivedStateFromProps"]' })).toThrow(
      /names getDerivedStateFromProps/,
    )
  })
})
