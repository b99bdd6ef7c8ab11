/** Messages this close in time (and from the same sender, with nothing between) form one group. */
export const GROUP_GAP_MS = 3 * 60_000

/**
 * Groups of consecutive messages: for each item, whether it starts (`first`) and ends
 * (`last`) its group. `sender` is who wrote it (`undefined`: a system line, which breaks
 * groups; absent items show nothing and are skipped); `breaks` marks a day line or a
 * joined line shown before it.
 *
 * @example groupMessages(['v', 'v'], [0, 1000], []) // [{ first: true, last: false }, { first: false, last: true }]
 */
export function groupMessages(
  senders: readonly (string | undefined | null)[],
  times: readonly number[],
  breaks: readonly unknown[],
): { first: boolean; last: boolean }[] {
  const groups: { first: boolean; last: boolean }[] = []
  let previous = -1
  senders.forEach((sender, index) => {
    if (sender === null) return
    if (sender === undefined) {
      previous = -1
      return
    }
    const joins =
      previous >= 0 &&
      !breaks[index] &&
      senders[previous] === sender &&
      (times[index] ?? 0) - (times[previous] ?? 0) <= GROUP_GAP_MS
    if (joins) (groups[previous] as { last: boolean }).last = false
    groups[index] = { first: !joins, last: true }
    previous = index
  })
  return groups
}
