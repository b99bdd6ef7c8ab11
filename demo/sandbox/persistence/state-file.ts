import { mkdirSync, renameSync } from 'node:fs'
import { dirname } from 'node:path'
import { readPrivateJson, writePrivateFile } from '../../../server/config/private-file'
import { PortholeError } from '../../../server/errors'
import type { Logger } from '../../../server/logging/logger'
import { SandboxState } from '../service/state'

const WRITE_DELAY_MS = 50
// The state holds every channel endpoint and bot token: it is private to its owner.

/** A state file that cannot be read: the message says how to recover. */
export class StateFileError extends PortholeError<'invalid_state_file'> {
  override name = 'StateFileError' as const

  constructor(message: string, options?: ErrorOptions) {
    super('invalid_state_file', message, options)
  }
}

/**
 * Reads the state file, or undefined when there is none yet. Deliveries that were under
 * way when the sandbox stopped are marked failed: the agent sees they need sending again.
 */
export function loadState(path: string): SandboxState | undefined {
  const read = readPrivateJson(path, SandboxState)
  if (read.status === 'missing') return undefined
  if (read.status === 'valid')
    return { ...read.value, chats: read.value.chats.map(interruptDeliveries) }
  if (read.reason === 'not_json') {
    throw new StateFileError(
      `The sandbox state file ${path} is not valid JSON (${read.detail}): fix it, or delete it to start with a fresh channel`,
    )
  }
  throw new StateFileError(
    `The sandbox state file ${path} does not hold a sandbox state (${read.detail}): delete it to start with a fresh channel`,
  )
}

const INTERRUPTED =
  'delivery interrupted: the sandbox stopped before it finished; send the message again'

/** The chat with every delivery still pending marked failed (a new chat; the input is kept). */
function interruptDeliveries(chat: SandboxState['chats'][number]): SandboxState['chats'][number] {
  return {
    ...chat,
    entries: chat.entries.map((entry) =>
      entry.delivery?.status === 'pending'
        ? { ...entry, delivery: { ...entry.delivery, status: 'failed', error: INTERRUPTED } }
        : entry,
    ),
  }
}

/** Writes the state atomically (temp file + rename), coalescing bursts of changes. */
export interface StateWriter {
  /** Saves soon (after WRITE_DELAY_MS); changes until then are saved together. */
  schedule(): void
  /** Writes the last state and stops: later changes are not saved. */
  close(): void
  /** Writes the state now. */
  flush(): void
}

export function createStateWriter(
  path: string,
  snapshot: () => SandboxState,
  logger: Logger,
): StateWriter {
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  mkdirSync(dirname(path), { recursive: true })

  const flush = (): void => {
    if (timer) clearTimeout(timer)
    timer = undefined
    const temp = `${path}.${process.pid}.tmp`
    // Private even when a crash left the temp file behind with another mode.
    writePrivateFile(temp, `${JSON.stringify(snapshot(), null, 2)}\n`)
    renameSync(temp, path)
  }

  return {
    schedule() {
      if (timer || closed) return
      timer = setTimeout(() => {
        try {
          flush()
        } catch (error) {
          // A failed background save must not take the service down; the next change retries.
          logger.error(`sandbox: could not save the state to ${path}`, { error })
        }
      }, WRITE_DELAY_MS)
      timer.unref?.()
    },
    close() {
      if (closed) return
      flush()
      closed = true
    },
    flush,
  }
}
