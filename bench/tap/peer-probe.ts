/// <reference lib="dom" />
// Runs in Rocket.Chat Livechat's iframe: times the tap on its launcher to its window
// usable (the message composer shown in the opened, full-size frame). Its clock is the
// frame's; the time is of the frame after the DOM became usable, as Porthole's probe.

/** Installed with frame.evaluate: calls window.parent-less `report('usable', ms)` through a binding. */
export function installPeerProbe(report: string): void {
  const win = window as unknown as Record<string, (name: string, ms: number) => void>
  let tapAt: number | undefined
  let usable = false
  for (const type of ['pointerdown', 'touchstart', 'mousedown'])
    window.addEventListener(
      type,
      () => {
        tapAt ??= performance.now()
      },
      { capture: true, passive: true },
    )
  const check = () => {
    if (tapAt === undefined || usable) return
    const composer = document.querySelector<HTMLElement>('[contenteditable="true"]')
    // Closed, the frame is the launcher's size; opened, it holds the chat window.
    if (!composer || composer.getClientRects().length === 0 || window.innerHeight < 300) return
    usable = true
    const since = tapAt
    requestAnimationFrame(() =>
      setTimeout(() => win[report]?.('usable', performance.now() - since)),
    )
  }
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
  })
  window.addEventListener('resize', check)
}
