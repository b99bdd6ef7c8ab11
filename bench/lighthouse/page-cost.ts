// The cost of the script tag to its host page: Lighthouse runs of the same page without
// and with it, alternating (so a machine that slows down during the run weighs on both
// alike), and browser sessions that open the chat to count the widget's bytes.
import { auditPage, type PageFigures } from './audit'
import { launchDebuggableChrome } from './chrome'
import { type FirstOpen, measureFirstOpen } from './first-open'
import type { HostPage } from './host-page'

export type PageCost = {
  plain: PageFigures[]
  widget: PageFigures[]
  firstOpen: FirstOpen[]
}

/** The order of the runs: pairs alternate which page goes first. */
export function alternation(pairs: number): boolean[] {
  return Array.from({ length: pairs }, (_, i) =>
    i % 2 === 0 ? [false, true] : [true, false],
  ).flat()
}

export async function measurePageCost(options: {
  executablePath: string
  page: HostPage
  widgetOrigin: string
  pairs: number
  firstOpens: number
  /** Runs a warm-up pair first (not counted): Chromium's first page load is slower. */
  warmUp: boolean
  log(message: string): void
}): Promise<PageCost> {
  const { page, widgetOrigin } = options
  const cost: PageCost = { plain: [], widget: [], firstOpen: [] }
  const chrome = await launchDebuggableChrome(options.executablePath)
  try {
    if (options.warmUp) {
      for (const withWidget of alternation(1))
        await auditPage(page.url(withWidget), chrome.port, widgetOrigin)
    }
    for (const withWidget of alternation(options.pairs)) {
      const figures = await auditPage(page.url(withWidget), chrome.port, widgetOrigin)
      ;(withWidget ? cost.widget : cost.plain).push(figures)
      options.log(
        `  lighthouse ${withWidget ? 'with' : 'without'} the widget: score ${figures.score}, LCP ${figures.lcpMs.toFixed(0)} ms, TBT ${figures.tbtMs.toFixed(0)} ms`,
      )
    }
  } finally {
    await chrome.stop()
  }
  for (let i = 0; i < options.firstOpens; i++) {
    cost.firstOpen.push(
      await measureFirstOpen({
        executablePath: options.executablePath,
        pageUrl: page.url(true),
        widgetOrigin,
      }),
    )
  }
  return cost
}
