import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { afterLoadScript, embedSnippet, scriptTag, widgetUrl } from '../../shared/embed-code'

/** Runs the snippet's inline script against a minimal page; returns what it appended and when. */
function runSnippet(html: string, readyState: 'loading' | 'complete') {
  const script = html.replace(/^<script>/, '').replace(/<\/script>$/, '')
  const appended: { src: string }[] = []
  const listeners: Record<string, () => void> = {}
  const timers: { fn: () => void; ms: number }[] = []
  const document = {
    readyState,
    createElement: vi.fn(() => ({ src: '' })),
    body: { appendChild: (node: { src: string }) => appended.push(node) },
  }
  runInNewContext(script, {
    document,
    addEventListener: (name: string, fn: () => void) => {
      listeners[name] = fn
    },
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  })
  const runTimers = () => {
    for (const timer of timers.splice(0)) timer.fn()
  }
  return { appended, listeners, timers, runTimers }
}

describe('the embed code', () => {
  it('names widget.js at the public URL, with or without a trailing slash', () => {
    expect(widgetUrl('https://chat.example.com')).toBe('https://chat.example.com/widget.js')
    expect(widgetUrl('https://chat.example.com/support//')).toBe(
      'https://chat.example.com/support/widget.js',
    )
    expect(scriptTag('https://chat.example.com/')).toBe(
      '<script src="https://chat.example.com/widget.js" async></script>',
    )
  })

  it('adds widget.js 250 ms after the load event, not before', () => {
    const page = runSnippet(embedSnippet('https://chat.example.com'), 'loading')
    expect(page.timers).toEqual([])
    expect(page.appended).toEqual([])
    page.listeners.load?.()
    expect(page.timers.map((timer) => timer.ms)).toEqual([250])
    expect(page.appended).toEqual([])
    page.runTimers()
    expect(page.appended).toEqual([{ src: 'https://chat.example.com/widget.js' }])
  })

  it('adds it too when pasted into a page that has loaded already (a tag manager)', () => {
    const page = runSnippet(embedSnippet('https://chat.example.com'), 'complete')
    expect(page.listeners.load).toBeUndefined()
    page.runTimers()
    expect(page.appended).toEqual([{ src: 'https://chat.example.com/widget.js' }])
  })

  it('cannot be closed early by the URL it carries', () => {
    const html = afterLoadScript('https://x.example/</script><img src=x onerror=alert(1)>')
    expect(html.indexOf('</script>')).toBe(html.length - '</script>'.length)
    const page = runSnippet(html, 'complete')
    page.runTimers()
    expect(page.appended[0]?.src).toBe('https://x.example/</script><img src=x onerror=alert(1)>')
  })
})
