import { closeSync, fdatasync, openSync } from 'node:fs'
import { StoreError } from './errors'

/** fs.fdatasync's shape, injectable so a test can hold a sync or fail it. */
export type DataSync = (fd: number, done: (error: Error | null) => void) => void

export type WalSync = {
  /** Resolves once everything written to the WAL before the call is on the disk. */
  sync(): Promise<void>
  /** The sync running now, if any: it settles when it ends (failed or not). */
  pending(): Promise<void> | undefined
  /** Settles once no sync is running or waiting (before the database closes). */
  idle(): Promise<void>
  /** Closes the file handle (after idle()). */
  close(): void
}

/**
 * The fsync of a SQLite write-ahead log, off the event loop. SQLite's own commit with
 * synchronous=FULL calls fsync on the event loop (better-sqlite3 is synchronous): each
 * webhook batch held the loop for the disk's flush (0.3 to several ms). Committed with
 * synchronous=NORMAL, a transaction is in the WAL file but maybe not on the disk yet;
 * fdatasync of that file from the thread pool makes it so, while the loop takes the
 * next requests. Syncs coalesce: a call while one runs waits for the next one, which
 * covers every commit made meanwhile (one flush for many batches).
 *
 * A failed sync is final: Linux may drop the pages it could not write and report the
 * next fsync as a success, so every later sync fails too and nothing more is
 * acknowledged until a restart reads the file again.
 *
 * @example const wal = createWalSync(`${path}-wal`); commit(); await wal.sync()
 */
export function createWalSync(walPath: string, dataSync: DataSync = fdatasync): WalSync {
  let fd: number | undefined
  let failure: StoreError | undefined
  let running: Promise<void> | undefined
  let waiting: Promise<void> | undefined

  function start(): Promise<void> {
    const run = new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure)
      fd ??= openSync(walPath, 'r')
      dataSync(fd, (error) => {
        if (!error) return resolve()
        failure = new StoreError(
          `sqlite: the write-ahead log ${walPath} could not be flushed to the disk (${error.message}); nothing more is acknowledged: check the disk and restart Porthole`,
          { cause: error },
        )
        reject(failure)
      })
    })
    running = run
    const done = () => {
      if (running === run) running = undefined
    }
    run.then(done, done)
    return run
  }

  return {
    sync() {
      if (!running) return start()
      // The running sync may have started before this caller's commit: take the next.
      waiting ??= running
        .catch(() => {})
        .then(() => {
          waiting = undefined
          return start()
        })
      return waiting
    },
    pending() {
      return running
    },
    async idle() {
      await (waiting ?? running)?.catch(() => {})
    },
    close() {
      if (fd !== undefined) closeSync(fd)
      fd = undefined
    },
  }
}
