// The slow phone of the tap-to-chat rows: Lighthouse's mobile preset for the network
// (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and a CPU slowed 4x, applied to a
// page through the DevTools protocol, as DevTools' own throttling does.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'

export const PHONE_PROFILE = {
  /** Added by Chromium to every request, once, before its response starts (see below). */
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
} as const

/** The phone's viewport (Lighthouse's mobile device, a Moto G Power). */
export const PHONE_VIEWPORT = { width: 412, height: 823 } as const

/**
 * A phone's browser context (the viewport, touch) and its page, ready for the probe;
 * the caller closes the context.
 */
export async function openPhonePage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    hasTouch: true,
    isMobile: true,
  })
  try {
    const page = await context.newPage()
    // tsx names functions with a helper the page lacks: the probe is passed as a function.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    return { context, page }
  } catch (error) {
    await context.close()
    throw error
  }
}

/** The profile in one line, for the table and the docs. */
export const PROFILE_TEXT = `${PHONE_PROFILE.latencyMs} ms per request, ${PHONE_PROFILE.downloadBitsPerSecond / 1e6} Mbit/s down, ${PHONE_PROFILE.uploadBitsPerSecond / 1e3} kbit/s up, CPU ${PHONE_PROFILE.cpuSlowdown}x slower`

/**
 * Throttles `cdp`'s page. `Network.emulateNetworkConditions` delays each request's
 * response by `latency` once (it does not model TCP or TLS set-up, so a request on a new
 * connection costs one round trip, like one on a kept-alive connection) and shapes the
 * bodies to the throughput; `Emulation.setCPUThrottlingRate` slows the page's main thread.
 */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBitsPerSecond / 8,
    uploadThroughput: PHONE_PROFILE.uploadBitsPerSecond / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown })
}

/** Back to the machine's own speed (the returning visitor's conversation is prepared so). */
export async function unthrottle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
}
