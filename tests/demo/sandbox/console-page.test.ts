import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../support/temp-dirs'
import { createTestSandbox } from '../support/test-sandbox'

const tempDir = useTempDirs('porthole-console-')

function builtConsole(): string {
  const dir = tempDir()
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Agents</title>')
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)')
  return dir
}

describe('console page', () => {
  it('serves the built console and its assets at /', async () => {
    const { app } = createTestSandbox({ consoleDir: builtConsole() })
    const page = await app.request('/')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toContain('<title>Agents</title>')
    const script = await app.request('/assets/app-abc123.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('cache-control')).toContain('immutable')
  })

  it('says to run npm run build when the console is not built', async () => {
    const { app } = createTestSandbox({ consoleDir: join(tmpdir(), 'porthole-no-such-console') })
    const page = await app.request('/')
    expect(page.status).toBe(503)
    const html = await page.text()
    expect(html).toContain('npm run build')
    // An icon of its own: else a browser asks for /favicon.ico, a 404.
    expect(html).toContain('<link rel="icon" href="data:,">')
  })

  it('serves nothing outside the assets folder', async () => {
    const { app } = createTestSandbox({ consoleDir: builtConsole() })
    for (const path of [
      '/assets/..%2Findex.html',
      '/assets/.hidden',
      '/assets/missing.js',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      expect((await app.request(path)).status).toBe(404)
    }
  })
})
