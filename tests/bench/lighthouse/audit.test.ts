import { describe, expect, it } from 'vitest'
import { pageFigures } from '../../../bench/lighthouse/audit'

const WIDGET = 'http://127.0.0.1:4000'

function createLhr(overrides: Record<string, unknown> = {}) {
  return {
    lighthouseVersion: '12.8.2',
    categories: { performance: { score: 0.98 } },
    audits: {
      'largest-contentful-paint': { numericValue: 812.4 },
      'total-blocking-time': { numericValue: 12 },
      'cumulative-layout-shift': { numericValue: 0 },
      'bootup-time': {
        details: {
          type: 'table',
          items: [
            { url: `${WIDGET}/widget.js`, total: 30, scripting: 14, scriptParseCompile: 2 },
            {
              url: `${WIDGET}/assets/loader-abc.js`,
              total: 20,
              scripting: 9,
              scriptParseCompile: 1,
            },
            { url: 'http://127.0.0.1:5000/', total: 80, scripting: 40, scriptParseCompile: 5 },
            { url: 'Unattributable', total: 60, scripting: 3 },
          ],
        },
      },
      'long-tasks': {
        details: {
          type: 'table',
          items: [
            { url: 'http://127.0.0.1:5000/', duration: 180, startTime: 400 },
            { url: `${WIDGET}/assets/loader-abc.js`, duration: 62.5, startTime: 900 },
            { url: `${WIDGET}/widget.js`, duration: 50, startTime: 850 },
          ],
        },
      },
      'network-requests': {
        details: {
          type: 'table',
          items: [
            { url: 'http://127.0.0.1:5000/', transferSize: 1200 },
            { url: 'http://127.0.0.1:5000/hero.jpg', transferSize: 13_500 },
            { url: `${WIDGET}/widget.js`, transferSize: 2400 },
            { url: `${WIDGET}/assets/loader-abc.js`, transferSize: 3100 },
            { url: `${WIDGET}/api/status` },
          ],
        },
      },
    },
    ...overrides,
  }
}

describe('pageFigures', () => {
  it("reads the page's figures and counts only the widget origin's scripts and bytes", () => {
    expect(pageFigures(createLhr(), WIDGET)).toEqual({
      score: 98,
      lcpMs: 812.4,
      tbtMs: 12,
      cls: 0,
      widgetScriptMs: 14 + 2 + 9 + 1,
      // Only the widget's long tasks, each for what it lasts beyond 50 ms.
      widgetBlockingMs: 12.5,
      longTasks: [
        { url: 'http://127.0.0.1:5000/', duration: 180 },
        { url: `${WIDGET}/assets/loader-abc.js`, duration: 62.5 },
        { url: `${WIDGET}/widget.js`, duration: 50 },
      ],
      widgetBytes: 2400 + 3100,
      widgetRequests: 3,
    })
  })

  it('does not count another port of the same host as the widget', () => {
    const figures = pageFigures(createLhr(), 'http://127.0.0.1:400')
    expect(figures).toMatchObject({
      widgetScriptMs: 0,
      widgetBlockingMs: 0,
      widgetBytes: 0,
      widgetRequests: 0,
    })
  })

  it('reads no blocking time where Lighthouse found no long task (no details)', () => {
    const lhr = createLhr()
    const audits = { ...lhr.audits, 'long-tasks': { score: 1 } }
    expect(pageFigures({ ...lhr, audits }, WIDGET).widgetBlockingMs).toBe(0)
  })

  it("throws Lighthouse's runtime error instead of reporting its empty figures", () => {
    const failed = createLhr({
      runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' },
    })
    expect(() => pageFigures(failed, WIDGET)).toThrow(/NO_FCP: The page did not paint/)
  })

  it('throws when there is no score or an audit is missing', () => {
    expect(() =>
      pageFigures(createLhr({ categories: { performance: { score: null } } }), WIDGET),
    ).toThrow(/no performance score/)
    const lhr = createLhr()
    const { 'total-blocking-time': _, ...audits } = lhr.audits
    expect(() => pageFigures({ ...lhr, audits }, WIDGET)).toThrow()
  })
})
