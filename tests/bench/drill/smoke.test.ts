import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// `npm run drill -- --quick` in small: the kill -9 row (60 messages each way, the backend
// killed and restarted mid-way) against the built backend and sandbox. It needs dist/
// (`npm test` builds it first); DRILL_DIST=<folder> runs another build instead.

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dist = process.env.DRILL_DIST ?? join(root, 'dist')

describe('npm run drill --quick (smoke)', () => {
  it('kills the backend under traffic both ways and loses nothing', { timeout: 90_000 }, () => {
    expect(
      existsSync(join(dist, 'server/main.js')),
      `${dist} holds no build: run npm run build`,
    ).toBe(true)
    const dir = mkdtempSync(join(tmpdir(), 'porthole-drill-smoke-'))
    try {
      const json = join(dir, 'drill.json')
      const run = spawnSync(
        process.execPath,
        [
          join(root, 'node_modules/tsx/dist/cli.mjs'),
          'bench/drill/main.ts',
          '--quick',
          '--only',
          'crash',
          '--dist',
          dist,
          '--json',
          json,
        ],
        { cwd: root, encoding: 'utf8', timeout: 80_000 },
      )
      const output = `${run.stdout}\n${run.stderr}`
      expect(run.stdout).toMatch(
        /\| scenario .* \| sent \| delivered \| lost \| duplicated \| time to recover \|/,
      )
      const record = JSON.parse(readFileSync(json, 'utf8'))
      expect(record.quick).toBe(true)
      const rows: { scenario: string; sent: number; lost: number; error?: string }[] = record.rows
      expect(rows.map((row) => row.scenario)).toEqual([
        '5. kill -9 backend: customer → service',
        '5. kill -9 backend: agent → visitor',
      ])
      for (const row of rows) {
        expect(row.error, output).toBeUndefined()
        expect(row.sent).toBe(60)
        expect(row.lost, output).toBe(0)
      }
      expect(run.status, output).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
