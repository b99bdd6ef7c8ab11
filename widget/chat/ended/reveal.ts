/**
 * Brings what just opened under the end of a conversation into view with its form (the
 * field and its button: the panel sits at the end of the log, often below what shows,
 * and a phone's keyboard takes half of it) and, with `focus`, puts the keyboard there:
 * a comment box, an address field; an error is shown, the keyboard stays in its field.
 */
export function reveal(node: HTMLElement | null | undefined, focus = true): void {
  if (!node) return
  if (focus) node.focus({ preventScroll: true })
  ;(node.closest('form') ?? node).scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
}
