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
