import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdfOf } from '../pdf'
import { skippedRow } from '../report'
import type { Scenario } from './context'
import { withStack } from './context'
import { twoWayUnderFault } from './two-way'

const LABEL = '7. disk full'
/** The tmpfs holding the backend's data and uploads, and the floor kept free on it. */
const DISK_MB = 64
const FLOOR_MB = 24
const MB = 1024 * 1024

/**
 * Row 7: the backend's data folder and upload folder are on a small tmpfs. After a third
 * of the messages, one visitor uploads 1 MiB files until the backend answers 507: the
 * uploads must stop at DISK_FREE_FLOOR_MB. Then another program takes 2 MiB more, below
 * the floor: /healthz must say `degraded` (200) and a new session must open. Messages
 * both ways must go on throughout, as in row 5. Then the other program's file goes:
 * /healthz says `ok` again. Needs root (mount).
 */
export const diskScenario: Scenario = async (context) => {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-drill-disk-'))
  const mount = spawnSync(
    'mount',
    ['-t', 'tmpfs', '-o', `size=${DISK_MB}m,mode=0700`, 'tmpfs', dir],
    {
      encoding: 'utf8',
    },
  )
  if (mount.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    return [
      skippedRow(
        LABEL,
        `mounting a ${DISK_MB} MiB tmpfs needs root: ${(mount.stderr || String(mount.error)).trim()}`,
      ),
    ]
  }
  try {
    const env = {
      STORE_URL: `sqlite:${join(dir, 'porthole.db')}`,
      UPLOAD_DIR: join(dir, 'uploads'),
      DISK_FREE_FLOOR_MB: String(FLOOR_MB),
      // The floor is under test, not the quotas or the upload rate limits.
      RATE_LIMIT_UPLOADS_PER_MINUTE: '10000',
      RATE_LIMIT_IP_UPLOADS_PER_MINUTE: '100000',
    }
    return await withStack(context, env, async (stack) => {
      let filled = ''
      const rows = await twoWayUnderFault(
        context,
        stack,
        {
          label: LABEL,
          down: async () => {
            filled = await fillWithUploads(stack.backendUrl)
            writeFileSync(join(dir, 'other-program.bin'), Buffer.alloc(2 * MB))
            filled += `; another program's 2 MiB: ${await belowFloor(stack.backendUrl)}`
            context.log(`disk: ${filled}`)
          },
          up: async () => {
            rmSync(join(dir, 'other-program.bin'), { force: true })
            const health = (await (await fetch(`${stack.backendUrl}/healthz`)).json()) as {
              status?: string
            }
            if (health.status !== 'ok')
              throw new Error(`/healthz says ${health.status} once space was freed`)
          },
        },
        'disk',
      )
      return rows.map((row) => ({ ...row, notes: [filled, ...row.notes] }))
    })
  } finally {
    spawnSync('umount', [dir])
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Uploads 1 MiB PDFs as one visitor until 507. */
async function fillWithUploads(base: string): Promise<string> {
  const session = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  const { token } = (await session.json()) as { token: string }
  const body = makePdfOf(MB)
  let stored = 0
  for (let n = 0; n < 2 * DISK_MB; n += 1) {
    const res = await fetch(`${base}/api/uploads?name=fill-${n}.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      body,
    })
    const text = await res.text()
    if (res.status === 201) {
      stored += 1
      continue
    }
    if (res.status !== 507 || !text.includes('"insufficient_storage"'))
      throw new Error(`upload ${n} answered ${res.status} ${text.slice(0, 200)}`)
    const health = (await (await fetch(`${base}/healthz`)).json()) as {
      disk?: { freeBytes?: number }
    }
    const free = ((health.disk?.freeBytes ?? 0) / MB).toFixed(1)
    return `uploads: ${stored} × 1 MiB stored, then 507 insufficient_storage with ${free} MiB free of ${DISK_MB} (floor ${FLOOR_MB})`
  }
  throw new Error(`${2 * DISK_MB} uploads of 1 MiB were all stored on a ${DISK_MB} MiB disk`)
}

/** Checks /healthz (200 degraded) and a new session below the floor. */
async function belowFloor(base: string): Promise<string> {
  const health = await fetch(`${base}/healthz`)
  const report = (await health.json()) as { status?: string; disk?: { freeBytes?: number } }
  if (health.status !== 200 || report.status !== 'degraded')
    throw new Error(`/healthz answered ${health.status} ${JSON.stringify(report)} below the floor`)
  const fresh = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  if (fresh.status !== 200)
    throw new Error(`a new session answered ${fresh.status} below the floor`)
  const free = ((report.disk?.freeBytes ?? 0) / MB).toFixed(1)
  return `${free} MiB free, /healthz 200 degraded, a new session 200`
}
