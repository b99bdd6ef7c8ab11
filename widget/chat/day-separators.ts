const DAY_MS = 86_400_000

/** The local calendar day of a time, as a number that grows by one a day. */
function dayNumber(at: number): number {
  const date = new Date(at)
  return Math.round(
    (Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) - Date.UTC(1970, 0, 1)) / DAY_MS,
  )
}

/**
 * "Today", "Yesterday" or the date ("22 November", with the year when it is not this
 * year's) in the visitor's language, for the day of `at` seen on the day of `now`.
 */
export function dayLabel(at: number, now: number, lang: string): string {
  const ago = dayNumber(now) - dayNumber(at)
  if (ago === 0 || ago === 1) {
    const word = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(-ago, 'day')
    return word.charAt(0).toLocaleUpperCase(lang) + word.slice(1)
  }
  const date = new Date(at)
  return date.toLocaleDateString(lang, {
    day: 'numeric',
    month: 'long',
    year: date.getFullYear() === new Date(now).getFullYear() ? undefined : 'numeric',
  })
}

/**
 * Where the list needs a day separator: for each message's time (undefined for those
 * without one, like the greeting), the label of the day that starts there, or
 * undefined. A day is announced once, at its first message; a time older than a day
 * already shown (a late message, clocks apart) starts nothing.
 *
 * @example daySeparators([yesterday, yesterday, today], now, 'en') // ['Yesterday', undefined, 'Today']
 */
export function daySeparators(
  times: readonly (number | undefined)[],
  now: number,
  lang: string,
): (string | undefined)[] {
  let shown = Number.NEGATIVE_INFINITY
  return times.map((at) => {
    if (at === undefined) return undefined
    const day = dayNumber(at)
    if (day <= shown) return undefined
    shown = day
    return dayLabel(at, now, lang)
  })
}
