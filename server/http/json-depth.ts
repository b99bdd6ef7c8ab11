/** Deeper than any message of the spec (≤ 3 levels) by far; shallow enough for every reader. */
export const MAX_JSON_DEPTH = 64

/**
 * True when parsed JSON nests arrays or objects more than `max` levels deep. Walks
 * without recursion, so a 10,000-deep body cannot overflow the stack here (it would
 * in the store's serialiser: such a body can never be stored).
 *
 * @example isTooDeep(JSON.parse('[[[]]]'), 2) // true
 */
export function isTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, depth] = top
    if (node === null || typeof node !== 'object') continue
    if (depth + 1 > max) return true
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return false
}
