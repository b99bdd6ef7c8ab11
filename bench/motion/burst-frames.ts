// Frames during a burst of incoming messages on the phone profile, with Chromium's CPU
// throttled 4×: how many frames missed 60 fps (over 1/60 s) and how many were long (over
// 50 ms), with the messages' entry motion and without it (prefers-reduced-motion), to
// compare. Prints figures; asserts nothing. Run: npx tsx bench/motion/burst-frames.ts [runs] (after npm run build).
import { launchBrowser } from '../../kit/chromium'
import { startFakeBackend } from '../../kit/fake-backend'

const RUNS = Number(process.argv[2] ?? 5)
const BURST = 12

async function run(reducedMotion: 'reduce' | 'no-preference') {
  const backend = await startFakeBackend()
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    await page.emulateMedia({ reducedMotion })
    await page.goto(`${backend.origin}/`)
    await page.getByRole('button', { name: /open chat/i }).click()
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.fill('Hello')
    await input.press('Enter')
    await page.getByText('Hello').waitFor()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    // A string, not a function: tsx would name the callback with a helper the page lacks.
    await page.evaluate(`(() => {
      const frames = (window.frames_ = [])
      let last = performance.now()
      const tick = (now) => {
        frames.push(now - last)
        last = now
        requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })()`)
    const last = `Burst ${BURST - 1}`
    for (let index = 0; index < BURST; index++)
      backend.agentSays({
        author: 'agent',
        name: 'Anna',
        content: { type: 'text', text: `Burst ${index}: your parcel left the warehouse today` },
      })
    await page.getByText(last, { exact: false }).waitFor()
    // The last entry's motion (0.24 s) and a margin.
    await page.waitForTimeout(600)
    const frames = (await page.evaluate('window.frames_')) as number[]
    await context.close()
    return {
      frames: frames.length,
      long: frames.filter((ms) => ms > 50).length,
      over60fps: frames.filter((ms) => ms > 1000 / 60 + 2).length,
    }
  } finally {
    await browser.close()
    await backend.close()
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
for (const mode of ['no-preference', 'reduce'] as const) {
  const results: Awaited<ReturnType<typeof run>>[] = []
  for (let index = 0; index < RUNS; index++) results.push(await run(mode))
  const show = (key: 'frames' | 'long' | 'over60fps') => {
    const values = results.map((result) => result[key])
    return `${key} median ${median(values)} (${Math.min(...values)}–${Math.max(...values)})`
  }
  console.info(
    `${mode === 'reduce' ? 'reduced motion' : 'with motion'}, ${BURST} messages, CPU 4×, ${RUNS} runs: ${show('frames')}, ${show('over60fps')}, ${show('long')}`,
  )
}
