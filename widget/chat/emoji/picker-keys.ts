/**
 * Where an arrow key, Home or End moves the focus in a grid of `count` items laid out
 * `columns` to a row (one row: columns = count); undefined for other keys and for a
 * move off the grid's edge. `rtl`: the grid runs right to left, so the arrows swap.
 */
export function moveFocus(
  key: string,
  index: number,
  count: number,
  columns: number,
  rtl = false,
): number | undefined {
  const step: Record<string, number> = {
    ArrowRight: rtl ? -1 : 1,
    ArrowLeft: rtl ? 1 : -1,
    ArrowDown: columns,
    ArrowUp: -columns,
    Home: -index,
    End: count - 1 - index,
  }
  const move = step[key]
  if (move === undefined) return undefined
  const next = index + move
  return next >= 0 && next < count ? next : undefined
}

/** The text with `insert` put in place of the selection, and the caret after it. */
export function insertAtCaret(
  text: string,
  start: number,
  end: number,
  insert: string,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, end, text.length))
  const to = Math.min(Math.max(start, end), text.length)
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length }
}
