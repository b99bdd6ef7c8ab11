import { element } from './dom'

/**
 * The chat window's frame with the site's title, its greeting (the home screen's heading)
 * and a working message box,
 * drawn by the loader in the frame after the tap while the chat's file is still on its
 * way: on a slow phone a new visitor's file costs a round trip and the page's thread
 * ~100 ms before the chat can draw. When the chat's own message box is in, the frame goes
 * and hands it over what was typed and the focus, and sends an Enter pressed
 * meanwhile. Returns the frame's removal (a close, or the chat that could not load).
 */
export function drawShell(
  frame: HTMLElement,
  title: string,
  greeting: string | undefined,
  label: string,
): () => void {
  const input = element('textarea', { class: 'ph-input', 'aria-label': label, dir: 'auto' })
  let enter = false
  input.onkeydown = (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault()
      enter = true
    }
  }
  const shell = element(
    'div',
    { class: 'ph-shell' },
    element('div', { class: 'ph-header ph-title' }, title),
    // The greeting as the home screen draws it (widget/chat/home/), where it draws it.
    element('div', { class: 'ph-log' }, greeting || title),
    input,
  )
  const watcher = new MutationObserver(() => {
    if (!frame.querySelector('.ph-window')) return
    // The chat's message box, or its offline form's (the status said offline meanwhile).
    const box = frame.querySelector<HTMLTextAreaElement>(
      '.ph-window .ph-input, .ph-window textarea',
    )
    const focused = (frame.getRootNode() as ShadowRoot).activeElement === input
    drop()
    if (!box) return
    if (input.value) {
      box.value = input.value
      box.dispatchEvent(new Event('input', { bubbles: true }))
    }
    // The caret goes to the end of the text, where it was as the visitor typed.
    if (focused) box.focus()
    // Once the chat has drawn the text it was handed (its message box sends what it shows).
    if (enter && box.classList.contains('ph-input'))
      setTimeout(() =>
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })),
      )
  })
  const drop = () => {
    watcher.disconnect()
    shell.remove()
  }
  watcher.observe(frame, { childList: true, subtree: true })
  frame.prepend(shell)
  input.focus()
  return drop
}
