/**
 * Orders two entry ids of one conversation log (negative when `a` comes first). The
 * server's ids are log positions: a sequence number ("42") or a Redis stream id
 * ("1700000000000-3"); numeric collation compares their runs of digits as numbers.
 */
export function compareEntryIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true })
}
