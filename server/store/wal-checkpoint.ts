import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type Database from 'better-sqlite3'

/** How often the worker folds the write-ahead log into the database file, once started. */
export const CHECKPOINT_INTERVAL_MS = 250

/** SQLite's default: a commit that leaves the log this many pages long checkpoints. */
const AUTO_CHECKPOINT_PAGES = 1000

// The worker: its own connection to the same file, one PASSIVE checkpoint per message
// (it never waits for, nor blocks, the writer or the readers). synchronous=FULL: the
// log is flushed before its pages are copied and the database file after, so a log the
// writer starts over was on the disk in the database first.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.path, { fileMustExist: true })
db.pragma('busy_timeout = 5000')
db.pragma('synchronous = FULL')
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close()
    parentPort.close()
    return
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
    parentPort.postMessage({ ok: true })
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message) })
  }
})
`

export type WalCheckpointer = {
  /** After a write: starts the worker the first time (the busy path pays it once). */
  started(): void
  /** Runs `fn` (a checkpoint of the caller's own) once no worker checkpoint runs, none starting meanwhile. */
  exclusive<T>(fn: () => T): Promise<T>
  /** Stops the worker; the caller's own checkpoint follows (before the database closes). */
  close(): Promise<void>
  /** True while checkpoints run in the worker (false before it starts and after a failure). */
  offLoop(): boolean
}

/**
 * SQLite checkpoints the write-ahead log from the commit that makes it 1,000 pages
 * long, on the event loop: it copies the pages and flushes the database file (tens of
 * ms on a busy disk, several times a second under load), and every webhook waits. Here
 * a worker thread with its own connection checkpoints every CHECKPOINT_INTERVAL_MS
 * instead, and the store's connection no longer does. Durability is unchanged: an
 * append is acknowledged once the log holds it on the disk (wal-sync.ts); the
 * checkpoint only moves it. Should the worker fail, SQLite's own checkpoints resume.
 *
 * @example const checkpoints = createWalCheckpointer(db, path); commit(); checkpoints.started()
 */
export function createWalCheckpointer(db: Database.Database, path: string): WalCheckpointer {
  let worker: Worker | undefined
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let done: (() => void) | undefined
  let holds = 0
  let failed = false
  let closed = false

  function fallBack(): void {
    failed = true
    if (timer) clearInterval(timer)
    done?.()
    if (!closed) db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`)
  }

  function checkpoint(): void {
    if (!worker || running || holds > 0 || failed) return
    running = new Promise<void>((resolve) => {
      done = () => {
        running = undefined
        done = undefined
        resolve()
      }
    })
    worker.postMessage('checkpoint')
  }

  function start(): void {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3')
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path } })
    started.unref()
    started.on('message', (reply: { ok: boolean }) => {
      done?.()
      if (!reply.ok) {
        // A checkpoint that failed (an I/O error): SQLite's own take over.
        fallBack()
        void started.terminate()
      }
    })
    started.on('error', fallBack)
    started.on('exit', () => {
      if (!closed) fallBack()
    })
    worker = started
    db.pragma('wal_autocheckpoint = 0')
    timer = setInterval(checkpoint, CHECKPOINT_INTERVAL_MS)
    timer.unref()
  }

  return {
    started() {
      if (!worker && !failed && !closed) start()
    },
    async exclusive(fn) {
      holds += 1
      try {
        while (running) await running
        return fn()
      } finally {
        holds -= 1
      }
    },
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      while (running) await running
      const stopping = worker
      worker = undefined
      if (!stopping || failed) return
      const exited = new Promise<void>((resolve) => stopping.once('exit', () => resolve()))
      stopping.postMessage('close')
      await exited
    },
    offLoop() {
      return worker !== undefined && !failed
    },
  }
}
