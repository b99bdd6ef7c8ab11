import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createClientMessageEvent } from '../support/protocol-factories'

// package.json's `exports` (porthole/server, porthole/bot, porthole/sandbox, porthole/protocol)
// against what `npm run build` makes: the server build is run into a scratch folder that
// holds a copy of package.json, and plain `node` imports each name from there as an
// integrator's code would (a package may import itself by its own name).

const root = fileURLToPath(new URL('../../', import.meta.url))
const Target = z.strictObject({ types: z.string(), source: z.string(), default: z.string() })
const PackageJson = z.looseObject({
  name: z.literal('porthole'),
  type: z.literal('module'),
  exports: z.record(z.string(), z.union([z.string(), Target])),
})
const pkg = PackageJson.parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))
const entryPoints = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'string' ? [] : [{ name: `porthole${subpath.slice(1)}`, ...target }],
)

const run = promisify(execFile)
let scratch = ''

async function nodeIn(dir: string, script: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dir,
    timeout: 20_000,
  })
  return stdout
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'porthole-exports-'))
  await build({
    configFile: join(root, 'server/vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: join(scratch, 'dist'), sourcemap: false },
  })
  writeFileSync(join(scratch, 'package.json'), JSON.stringify(pkg))
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir')
}, 60_000)

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('package.json exports', () => {
  it('names the four public entry points', () => {
    expect(entryPoints.map((entry) => entry.name).sort()).toEqual([
      'porthole/bot',
      'porthole/protocol',
      'porthole/sandbox',
      'porthole/server',
    ])
  })

  it.each(entryPoints)('$name: its TypeScript source and types exist', (entry) => {
    expect(entry.types).toBe(entry.source)
    expect(existsSync(join(root, entry.source)), entry.source).toBe(true)
  })

  it.each(entryPoints)('$name: the server build writes the file it points at', (entry) => {
    expect(existsSync(join(scratch, entry.default)), entry.default).toBe(true)
  })

  it('each name imports with plain node from the built files, with its API', async () => {
    const names = entryPoints.map((entry) => entry.name)
    const out = await nodeIn(
      scratch,
      `const names = ${JSON.stringify(names)}
       const result = {}
       for (const name of names) result[name] = Object.keys(await import(name)).sort()
       console.log(JSON.stringify(result))`,
    )
    const exported = z.record(z.string(), z.array(z.string())).parse(JSON.parse(out))
    expect(exported['porthole/server']).toEqual(expect.arrayContaining(['startServer']))
    expect(exported['porthole/bot']).toEqual(
      expect.arrayContaining(['createBotProvider', 'createBot', 'createRulesBrain']),
    )
    expect(exported['porthole/sandbox']).toEqual(
      expect.arrayContaining(['createSandbox', 'startSandbox']),
    )
    expect(exported['porthole/protocol']).toEqual(
      expect.arrayContaining(['AgentMessage', 'CustomerMessage']),
    )
  })

  it('a bot built on porthole/bot answers B2 from the built files', async () => {
    const out = await nodeIn(
      scratch,
      `import { createBotProvider } from 'porthole/bot'
       const sent = []
       const bot = createBotProvider({
         token: 'exports-token', providerId: 'acme', baseUrl: 'https://bot.service.test',
         fetch: async (url, init) => { sent.push(JSON.parse(init.body)); return new Response('OK') },
         logger: { info() {}, warn() {}, error() {} },
         onEvent: async (event, ctx) => { await ctx.reply('echo: ' + event.message.text) },
       })
       const response = await bot.routes.request('/exports-token', {
         method: 'POST',
         headers: { 'content-type': 'application/json' },
         body: ${JSON.stringify(JSON.stringify(createClientMessageEvent({ message: { type: 'TEXT', text: 'hi' } })))},
       })
       await bot.settled()
       await bot.close()
       console.log(JSON.stringify({ status: response.status, sent }))`,
    )
    const result = z
      .object({
        status: z.number(),
        sent: z.array(z.looseObject({ event: z.string(), message: z.looseObject({}) })),
      })
      .parse(JSON.parse(out))
    expect(result.status).toBe(200)
    expect(result.sent).toMatchObject([
      { event: 'BOT_MESSAGE', message: { type: 'TEXT', text: 'echo: hi' } },
    ])
  })
})
