// The peer beside Porthole: Rocket.Chat Livechat's built bundle (npm @rocket.chat/livechat),
// embedded with its own snippet on the same host page, on the same phone profile. Only the
// bundle's files count (requests under /livechat); its calls to a Rocket.Chat server fail
// (503) but for the config, which a stub answers so that the widget shows at all.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS } from '../../kit/chromium'
import { hostPageHtml } from '../lighthouse/host-page'
import { watchWire } from '../lighthouse/watch-wire'
import type { WireTotal } from '../lighthouse/wire-bytes'
import { installPeerProbe } from './peer-probe'
import { peerSnippet, startPeerServer } from './peer-server'
import { openPhonePage, throttle } from './phone-profile'
import { minus, quiet, withTimeout } from './porthole-tap'

export type PeerRun = { tapToUsableMs: number; beforeEngagement: WireTotal; afterTap: WireTotal }

const REPORT = '__peerTap'

export async function measurePeer(options: {
  root: string
  executablePath: string
  runs: number
  log: (message: string) => void
}): Promise<PeerRun[]> {
  const peer = await startPeerServer(join(options.root, 'node_modules/@rocket.chat/livechat/build'))
  const html = hostPageHtml(undefined).replace('</body>', `${peerSnippet(peer.origin)}\n</body>`)
  const host: Server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  const pageUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`
  const browser = await chromium.launch({
    executablePath: options.executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
  const ofBundle = (url: string) => url.startsWith(`${peer.origin}/livechat`)
  const runs: PeerRun[] = []
  try {
    for (let run = 0; run < options.runs; run++) {
      const { context, page } = await openPhonePage(browser)
      try {
        let done: ((ms: number) => void) | undefined
        const usable = new Promise<number>((resolve) => {
          done = resolve
        })
        await page.exposeFunction(REPORT, (_name: string, ms: number) => done?.(ms))
        const cdp = await context.newCDPSession(page)
        const wire = watchWire(cdp)
        await throttle(cdp)
        // 370 KB on the throttled profile, on a machine that may be busy: no tight timeout.
        await page.goto(pageUrl, { waitUntil: 'load', timeout: 180_000 })
        const widget = page.locator('.rocketchat-widget')
        await widget.waitFor({ state: 'visible', timeout: 60_000 })
        await quiet(page)
        const beforeEngagement = wire.total(ofBundle)
        const frame = page.frames().find((candidate) => ofBundle(candidate.url()))
        if (!frame) throw new Error('no Livechat frame on the page')
        await frame.evaluate(installPeerProbe, REPORT)
        const launcher = frame.locator('button[class*="chat-button"]')
        await launcher.tap()
        const tapToUsableMs = await withTimeout(usable, 60_000, 'Livechat never opened')
        const afterTap = minus(wire.total(ofBundle), beforeEngagement)
        options.log(
          `  tap to chat, Rocket.Chat Livechat: usable after ${tapToUsableMs.toFixed(0)} ms (${afterTap.requests} requests, ${afterTap.bytes} B after the tap; ${beforeEngagement.bytes} B before)`,
        )
        runs.push({ tapToUsableMs, beforeEngagement, afterTap })
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
    host.close()
    await peer.close()
  }
  return runs
}
