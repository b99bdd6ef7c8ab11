/** The local calendar day of a time. */
const dayOf = (at: number): string => new Date(at).toDateString()

/**
 * "Today", "Yesterday" or the date ("22 November", with the year when it is not this
 * year's) in the visitor's language, for the day of `at` seen on the day of `now`.
 */
export function dayLabel(at: number, now: number, lang: string): string {
  // Noon of the day before: yesterday whatever the length of the days (daylight saving).
  const ago = [now, new Date(now).setHours(-12)].map(dayOf).indexOf(dayOf(at))
  if (ago >= 0) {
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
 * undefined. A day is announced once, at its first message; a time older than the day
 * shown last (a late message, clocks apart) starts nothing.
 *
 * @example daySeparators([yesterday, yesterday, today], now, 'en') // ['Yesterday', undefined, 'Today']
 */
export function daySeparators(
  times: readonly (number | undefined)[],
  now: number,
  lang: string,
): (string | undefined)[] {
  let shown = ''
  let since = Number.NEGATIVE_INFINITY
  return times.map((at) => {
    if (at === undefined || dayOf(at) === shown || at < since) return undefined
    shown = dayOf(at)
    since = at
    return dayLabel(at, now, lang)
  })
}
