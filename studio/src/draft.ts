// The unsaved settings (SettingsDraft, settings-draft.ts) edited by path
// ("invitations.0.text"), so fields the studio has no control for survive a save, and the
// API's error paths point straight at the control that shows them. These helpers work on
// any JSON value: a path is checked where it is written (SettingsPath), not here.

export type Path = string

const keyOf = (part: string): string | number => (/^\d+$/.test(part) ? Number(part) : part)

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null

/** The value at a dotted path, or undefined. */
export function getAt(root: unknown, path: Path): unknown {
  let value = root
  for (const part of path ? path.split('.') : []) {
    if (!isContainer(value)) return undefined
    value = (value as Record<string | number, unknown>)[keyOf(part)]
  }
  return value
}

/**
 * A copy of `root` with `value` at `path` (containers on the way copied, created when
 * missing). `undefined` removes the key, so an emptied optional field is left out.
 */
export function setAt<T>(root: T, path: Path, value: unknown): T {
  const [head = '', ...rest] = path.split('.')
  const key = keyOf(head)
  const next = rest.length ? setAt(getAt(root, head), rest.join('.'), value) : value
  if (Array.isArray(root) || (root === undefined && typeof key === 'number')) {
    const copy = Array.isArray(root) ? [...root] : []
    copy[key as number] = next
    return copy as T
  }
  const copy: Record<string, unknown> = isContainer(root) ? { ...(root as object) } : {}
  if (next === undefined) delete copy[head]
  else copy[head] = next
  return copy as T
}

/** Whether two JSON values differ (key order ignored). */
export function differs(a: unknown, b: unknown): boolean {
  return canonical(a) !== canonical(b)
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isContainer(inner) && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : 1)))
      : inner,
  )
}

/** Moves the item at `from` to `to` in a copy of the list. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  if (item === undefined || to < 0 || to > copy.length) return [...list]
  copy.splice(to, 0, item)
  return copy
}
