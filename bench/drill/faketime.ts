import { existsSync } from 'node:fs'
import type { RowResult } from './report'

// The clock row's pure parts: where libfaketime is, the backend environment that steps its
// wall clock from a file, the offset lines written to that file, and the row's verdict.

/** Where Debian's `faketime` package puts the library (amd64, arm64), then other layouts. */
export const FAKETIME_LIBRARY_PATHS = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
  '/usr/local/lib/faketime/libfaketime.so.1',
] as const

/** The first library that exists, or undefined (the row is then skipped with a note). */
export function findFaketimeLibrary(
  exists: (path: string) => boolean = existsSync,
  paths: readonly string[] = FAKETIME_LIBRARY_PATHS,
): string | undefined {
  return paths.find((path) => exists(path))
}

/**
 * The backend's environment for a wall clock read from `timestampFile` on every call
 * (FAKETIME_NO_CACHE), so the drill can step it while the process runs; the monotonic
 * clock stays real (FAKETIME_DONT_FAKE_MONOTONIC), as after an NTP step or `date -s`.
 */
export function faketimeEnv(library: string, timestampFile: string): Record<string, string> {
  return {
    LD_PRELOAD: library,
    FAKETIME_TIMESTAMP_FILE: timestampFile,
    FAKETIME_NO_CACHE: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  }
}

/** A libfaketime relative offset line: "+2678400" (31 days ahead), "-600", "+0". */
export function offsetLine(seconds: number): string {
  if (!Number.isInteger(seconds)) throw new RangeError(`offset must be whole seconds: ${seconds}`)
  return `${seconds < 0 ? '-' : '+'}${Math.abs(seconds)}\n`
}

export type ClockFigures = {
  entriesBefore: number
  entriesAfter: number
  filesBefore: number
  filesAfter: number
  /** HTTP status of GET of the attachment after the clock was put right. */
  fileStatus: number
  /** True when the served bytes equal the uploaded ones. */
  fileSame: boolean
}

/**
 * The row of what was stored before the restart at +31 days: the conversation entries and
 * the attachment, counted again once the clock was put right. A deleted one is lost.
 */
export function storedRow(label: string, figures: ClockFigures): RowResult {
  const served = figures.fileStatus === 200 && figures.fileSame
  const sent = figures.entriesBefore + 1
  const delivered = Math.min(figures.entriesAfter, figures.entriesBefore) + (served ? 1 : 0)
  return {
    scenario: label,
    sent,
    delivered,
    lost: sent - delivered,
    duplicated: 0,
    recoverMs: undefined,
    notes: [
      `entries before/after a retention pass at +31 days: ${figures.entriesBefore}/${figures.entriesAfter}; files on disk ${figures.filesBefore}/${figures.filesAfter}; the attachment answered ${figures.fileStatus}${figures.fileSame ? ' with its bytes' : ''}`,
    ],
  }
}

/** 401 answers while the clock was back fail the row: a visitor would have been logged out. */
export function unauthorizedProblem(unauthorized: number): string | undefined {
  return unauthorized > 0
    ? `${unauthorized} visitor requests got 401 after the clock stepped back 10 minutes`
    : undefined
}
