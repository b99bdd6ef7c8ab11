/**
 * The value after `name` on the command line (`--runs 5` → '5'); undefined when `name` is
 * not given; an error when it is given last, with no value after it.
 */
export function optionValue(
  name: string,
  argv: readonly string[] = process.argv,
): string | undefined {
  const at = argv.indexOf(name)
  if (at < 0) return undefined
  const value = argv[at + 1]
  if (value === undefined) throw new Error(`${name} takes a value`)
  return value
}

/** optionValue as a number (NaN when it is not one; the caller checks the range). */
export function numberOption(
  name: string,
  argv: readonly string[] = process.argv,
): number | undefined {
  const value = optionValue(name, argv)
  return value === undefined ? undefined : Number(value)
}

/**
 * A comma-separated list after `name`, each item one of `known` (`--visitors new,returning`);
 * `known` itself when `name` is not given; an error naming the list for an unknown item.
 */
export function listOption<T extends string>(
  name: string,
  known: readonly T[],
  argv: readonly string[] = process.argv,
): readonly T[] {
  const value = optionValue(name, argv)
  if (value === undefined) return known
  return value.split(',').map((item) => {
    const found = known.find((candidate) => candidate === item)
    if (!found)
      throw new Error(`${name} takes a comma-separated list of ${known.join(', ')}; got ${item}`)
    return found
  })
}
