/// <reference lib="dom" />
// Runs in the page: times the tap (its first event: the touch's pointerover, which starts
// the chat's file in widget.js, comes with its touchstart) to the chat window usable, and
// Enter to "Sent", watching the widget's shadow DOM. Usable: the message box enabled,
// visible (`checkVisibility` with opacity: not while an entrance animation hides it) and
// inside the viewport, and the expected message (the greeting, as a message or as the
// home screen's heading, or a returning visitor's newest) visible and inside the viewport too. Its clock is the page's (performance.now()
// is not slowed by the CPU throttle); the times are of the frame after the DOM became
// usable, what the visitor can see and type into.

/** What a usable window shows: this text in the conversation (the greeting, or the newest message). */
export type ProbeOptions = {
  expectText: string
  /** The text the visitor sends: its own message with this text shows "Sent". */
  sentText: string
  report: string
}

/** Installed with page.evaluate: calls window[report](name, ms) for 'usable' and 'sent' (and 'shown', the messages shown; 'chunk', the chat's file in; 'window', the first frame; 'chat-box', the chat's own message box on screen). */
export function installProbe({ expectText, sentText, report }: ProbeOptions): void {
  const win = window as unknown as Record<string, (name: string, ms: number) => void>
  const root = document.querySelector('porthole-widget')?.shadowRoot
  if (!root) throw new Error('no porthole-widget with a shadow root on the page')
  let tapAt: number | undefined
  let enterAt: number | undefined
  let usable = false
  let sent = false
  // (Inside the probe: page.evaluate sends this function's source alone.)
  /**
   * Drawn where the visitor sees it: visible with its opacity, and wholly inside the viewport
   * (and inside `scroller`'s box, for a message in the scrolled conversation).
   */
  const onScreen = (node: Element, scroller?: Element): boolean => {
    if (!node.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false
    const box = node.getBoundingClientRect()
    const view = scroller?.getBoundingClientRect() ?? new DOMRect(0, 0, innerWidth, innerHeight)
    return (
      box.width > 0 &&
      box.height > 0 &&
      box.top >= Math.max(0, view.top) &&
      box.left >= Math.max(0, view.left) &&
      box.bottom <= Math.min(innerHeight, view.bottom) &&
      box.right <= Math.min(innerWidth, view.right)
    )
  }
  const onTap = () => {
    if (tapAt !== undefined) return
    performance.mark('porthole:tap')
    tapAt = performance.now()
    requestAnimationFrame(everyFrame)
  }
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'mousedown'])
    window.addEventListener(type, onTap, { capture: true, passive: true })
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter' || !usable || enterAt !== undefined) return
      enterAt = performance.now()
    },
    { capture: true },
  )
  // Figures other than the timed one wait until it is reported: a call out of the page is
  // work on the slowed main thread, which must not count in the time measured.
  const held: [string, number][] = []
  const hold = (name: string, value: number) => held.push([name, value])
  // Marks (porthole:<name>) for a trace (bench/tap/trace-summary.ts) beside the reports.
  const afterFrame = (name: string, since: number) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark(`porthole:${name}`)
        const ms = performance.now() - since
        // The held figures first: the timed one is what the bench waits for.
        for (const [heldName, value] of held.splice(0)) win[report]?.(heldName, value)
        win[report]?.(name, ms)
      }),
    )
  let windowShown = false
  let chatBox = false
  const check = () => {
    if (tapAt === undefined) return
    // When the window is first drawn (loading dots or not): what usable waits for beyond it.
    // (The loader's frame, .ph-shell, until the chat's window is in: widget/loader/window-shell.ts.)
    if (!windowShown && root.querySelector('.ph-window, .ph-shell')) {
      windowShown = true
      performance.mark('porthole:window')
      hold('window', performance.now() - tapAt)
    }
    if (!usable) {
      const input = root.querySelector<HTMLTextAreaElement>('textarea.ph-input')
      const log = root.querySelector('.ph-log')
      if (
        input &&
        !input.disabled &&
        onScreen(input) &&
        log &&
        log.getAttribute('aria-busy') !== 'true' &&
        // A message in the conversation, or the greeting as the home screen (and the
        // loader's frame before it) draws it: a heading, not a bubble.
        [
          ...root.querySelectorAll('.ph-log .ph-bubble, .ph-home-greeting, .ph-shell > .ph-log'),
        ].some(
          (node) =>
            node.textContent?.includes(expectText) &&
            onScreen(node, node.closest('.ph-log') ?? undefined),
        )
      ) {
        usable = true
        performance.mark('porthole:usable-dom')
        hold('shown', log.querySelectorAll('.ph-msg').length)
        afterFrame('usable', tapAt)
      }
    }
    // The chat's own message box on screen (after the loader's, when that came first).
    if (!chatBox) {
      const box = root.querySelector('.ph-window textarea.ph-input')
      if (box && onScreen(box)) {
        chatBox = true
        // Before usable (a returning visitor's newest message not in view yet) it waits.
        if (usable) afterFrame('chat-box', tapAt)
        else hold('chat-box', performance.now() - tapAt)
        // When the chat's file had arrived, from the tap (negative: before it, as for a visitor
        // who touched the page first): what of the time is the network's, and what the page's.
        const chunk = performance
          .getEntriesByType('resource')
          .find((entry) => /\/widget\/assets\/chat-[\w-]+\.js$/.test(entry.name))
        if (chunk instanceof PerformanceResourceTiming) hold('chunk', chunk.responseEnd - tapAt)
      }
    }
    if (usable && !sent && enterAt !== undefined) {
      const own = [...root.querySelectorAll('.ph-own')].find(
        (message) => message.querySelector('.ph-bubble')?.textContent === sentText,
      )
      if (own?.querySelector('.ph-status')?.textContent === 'Sent') {
        sent = true
        afterFrame('sent', enterAt)
      }
    }
  }
  // An animation's opacity and transform change no DOM: from the tap until usable, every
  // frame is checked too.
  const everyFrame = () => {
    check()
    if (!(usable && chatBox)) requestAnimationFrame(everyFrame)
  }
  new MutationObserver(check).observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  })
}
