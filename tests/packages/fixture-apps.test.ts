import { createHmac } from 'node:crypto'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { agentConsole } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { chatWindow, composer, launcher, say, waitOnline } from '../support/widget-page'
import {
  PACKAGE_DIR,
  packPackage,
  run,
  serverRender,
  setUpFixture,
  typeCheck,
} from './support/fixture-apps'

// Issue 25: the app package packed, installed into a Vite + React app, a Vue app and a
// server render, type-checked with `tsc --strict`, and the React app driven in Chromium
// against a real backend and the sandbox.

const PackageJson = z.looseObject({
  name: z.string(),
  license: z.string(),
  sideEffects: z.literal(false),
  files: z.array(z.string()),
  dependencies: z.record(z.string(), z.string()).optional(),
  peerDependencies: z.record(z.string(), z.string()),
  peerDependenciesMeta: z.record(z.string(), z.object({ optional: z.boolean() })),
  exports: z.record(z.string(), z.unknown()),
})

let dir = ''
const apps: Record<'react' | 'vue' | 'node', string> = { react: '', vue: '', node: '' }

beforeAll(() => {
  const packed = packPackage()
  dir = packed.dir
  apps.react = setUpFixture('react-app', dir, packed.tarball)
  apps.vue = setUpFixture('vue-app', dir, packed.tarball)
  apps.node = setUpFixture('node-app', dir, packed.tarball)
})
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const builds = new Map<'react' | 'vue', Promise<unknown>>()
/** The fixture app's production build (once), served under /app/. */
function buildApp(name: 'react' | 'vue'): Promise<unknown> {
  const building =
    builds.get(name) ??
    build({
      root: apps[name],
      configFile: false,
      mode: 'production',
      base: '/app/',
      logLevel: 'warn',
      oxc:
        name === 'react'
          ? { jsx: { runtime: 'automatic', importSource: 'react', development: false } }
          : {},
      define: {
        // Vitest sets NODE_ENV=test: the apps are built as for production.
        'process.env.NODE_ENV': '"production"',
        ...(name === 'vue'
          ? {
              __VUE_OPTIONS_API__: 'true',
              __VUE_PROD_DEVTOOLS__: 'false',
              __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
            }
          : {}),
      },
      build: { outDir: 'dist', emptyOutDir: true },
    })
  builds.set(name, building)
  return building
}

function installed(app: string, file: string): string {
  return join(app, 'node_modules/@porthole/chat', file)
}

describe('the packed package', () => {
  it('has no runtime dependency, optional React and Vue, and ships only its build', () => {
    const pkg = PackageJson.parse(
      JSON.parse(readFileSync(installed(apps.react, 'package.json'), 'utf8')),
    )
    expect(pkg.dependencies ?? {}).toEqual({})
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(['react', 'vue'])
    expect(pkg.peerDependenciesMeta).toEqual({ react: { optional: true }, vue: { optional: true } })
    expect(pkg.license).toBe('MIT')
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './package.json', './react', './vue'])
    // The tarball: the build, the readme and the licence; no sources, no tests.
    expect(() => readFileSync(installed(apps.react, 'src/index.ts'))).toThrow()
    readFileSync(installed(apps.react, 'dist/index.d.ts'))
    readFileSync(installed(apps.react, 'dist/react.cjs'))
    readFileSync(installed(apps.react, 'LICENSE'))
    // React Server Components render the component's module in the browser only.
    for (const file of ['dist/react.js', 'dist/react.cjs'])
      expect(readFileSync(installed(apps.react, file), 'utf8')).toMatch(/^"use client";/)
  })

  it('loads in Node by require and by import, touching nothing', () => {
    const check =
      "const a = require('@porthole/chat'); const r = require('@porthole/chat/react'); const v = require('@porthole/chat/vue');" +
      "if (typeof a.loadPorthole !== 'function' || typeof r.PortholeChat !== 'function' || typeof v.PortholeChat !== 'object') process.exit(1);" +
      "import('@porthole/chat').then((m) => { if (typeof m.loadPorthole === 'function') console.log('ok') })"
    expect(run(process.execPath, ['-e', check], apps.react)).toContain('ok')
  })

  it('its sources import nothing but React, Vue and each other', () => {
    const sources = join(PACKAGE_DIR, 'src')
    for (const file of readdirSync(sources)) {
      const text = readFileSync(join(sources, file), 'utf8')
      const imports = [...text.matchAll(/\bfrom '([^']+)'/g)].map((match) => match[1])
      expect(
        imports.filter((name) => !/^(react|vue|\.\/[\w-]+\.js)$/.test(name ?? '')),
        file,
      ).toEqual([])
    }
  })

  it('its loader is at most 2 KB gzip', () => {
    const loader = readFileSync(installed(apps.react, 'dist/index.js'))
    const size = gzipSync(loader, { level: 9 }).length
    console.log(`@porthole/chat loader: ${loader.length} B, ${size} B gzip`)
    expect(size).toBeLessThanOrEqual(2048)
  })
})

describe('the fixture apps', () => {
  it.each(['react', 'vue', 'node'] as const)('the %s app type-checks with tsc --strict', (name) => {
    typeCheck(apps[name])
  })

  it.each(['react', 'vue'] as const)('the %s app builds with Vite', async (name) => {
    await buildApp(name)
    const html = readFileSync(join(apps[name], 'dist/index.html'), 'utf8')
    expect(html).toMatch(/\/app\/assets\/index-[\w-]+\.js/)
  })

  it('renders on the server with react-dom/server, touching no browser global', () => {
    const { html, touched } = serverRender(apps.react, 'ssr.tsx')
    expect(html).toContain('<h1>Pricing</h1>')
    expect(touched).toEqual([])
  })

  it('renders on the server with Vue, touching no browser global', () => {
    const { html, touched } = serverRender(apps.vue, 'ssr.ts')
    expect(html).toContain('<h1>Home</h1>')
    expect(touched).toEqual([])
  })
})

/** The backend's identity secret: the test plays the site's server, which signs user ids. */
const IDENTITY_SECRET = 'fixture-apps-identity-secret'

describeInBrowser('the React app in Chromium', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna', env: { IDENTITY_SECRET } })

  /**
   * Serves a built fixture app (React by default) at /app/ of the backend's own origin (one of its allowed
   * origins): the app's files from the fixture's build, everything else from the backend.
   */
  async function openApp(
    query: Record<string, string> = {},
    app: 'react' | 'vue' = 'react',
  ): Promise<{ page: Page; close(): Promise<void> }> {
    const backend = new URL(e2e.demo.siteUrl)
    const context = await newVisitor(e2e.browser)
    const page = await context.newPage()
    const appOrigin = backend.origin
    await page.route(
      (url) => url.origin === appOrigin && url.pathname.startsWith('/app/'),
      (route) => {
        const path = new URL(route.request().url()).pathname
        const asset = path.startsWith('/app/assets/')
        const file = join(apps[app], 'dist', asset ? path.slice('/app/'.length) : 'index.html')
        return route.fulfill({
          body: readFileSync(file),
          contentType: asset ? 'text/javascript' : 'text/html',
        })
      },
    )
    const search = new URLSearchParams({ backend: backend.origin, ...query })
    await page.goto(`${appOrigin}/app/?${search}`)
    return { page, close: () => context.close() }
  }

  it('the widget appears, open() opens it, navigation updates the page the agent sees, unmount removes it', async () => {
    await buildApp('react')
    const { page, close } = await openApp()
    await launcher(page).waitFor({ state: 'visible' })
    await waitOnline(page)
    await page.getByRole('button', { name: /Chat with us/ }).click()
    await chatWindow(page).waitFor()
    await composer(page).waitFor({ state: 'visible' })

    const agent = agentConsole(e2e.demo.consoleUrl.replace(/\/$/, ''))
    await say(page, 'hello from the home page')
    const first = await agent.chatWith('hello from the home page')
    expect(new URL(String(first.customer.url)).pathname).toBe('/app/')

    // A client-side navigation (pushState), then the next message.
    await page.getByRole('button', { name: 'Pricing page' }).click()
    await page.getByRole('heading', { name: 'Pricing' }).waitFor()
    await say(page, 'a question about pricing')
    await expect
      .poll(async () => {
        const chat = await agent.chatWith('a question about pricing')
        return new URL(String(chat.customer.url)).pathname
      })
      .toBe('/app/pricing')
    const chat = await agent.chatWith('a question about pricing')
    expect(new URL(String(chat.customer.url)).searchParams.get('ph.plan')).toBe('pro')

    // Unmounting the component removes the widget; mounting it again brings it back.
    await page.getByRole('button', { name: 'Remove the chat' }).click()
    await expect.poll(() => page.locator('porthole-widget').count()).toBe(0)
    await page.getByRole('button', { name: 'Add the chat' }).click()
    await launcher(page).waitFor({ state: 'visible' })
    await close()
  })

  it('a signed-in user, with the hash the site’s server computed, reaches the agents by name; a forged hash does not', async () => {
    await buildApp('react')
    const agent = agentConsole(e2e.demo.consoleUrl.replace(/\/$/, ''))
    const hash = createHmac('sha256', IDENTITY_SECRET).update('fixture-user-1').digest('hex')
    const signedIn = await openApp({ user: 'fixture-user-1', hash, name: 'Jane Verified' })
    await launcher(signedIn.page).waitFor({ state: 'visible' })
    await signedIn.page.getByRole('button', { name: /Chat with us/ }).click()
    await say(signedIn.page, 'hello as a signed-in user')
    const chat = await agent.chatWith('hello as a signed-in user')
    // The message goes out after the identity is checked (widget/chat/engine/session.ts), so the
    // name is on the card by then; waiting keeps a slow machine from failing it early.
    await agent.waitForChat(
      chat.id,
      'the customer named Jane Verified',
      (c) => c.customer.name === 'Jane Verified',
    )
    await signedIn.close()

    const forged = await openApp({ user: 'fixture-user-2', hash: '0'.repeat(64), name: 'Mallory' })
    await launcher(forged.page).waitFor({ state: 'visible' })
    await forged.page.getByRole('button', { name: /Chat with us/ }).click()
    await say(forged.page, 'hello with a forged hash')
    expect((await agent.chatWith('hello with a forged hash')).customer.name).toBeUndefined()
    await forged.close()
  })

  it('the Vue app: the widget appears and the composable’s open() opens it', async () => {
    await buildApp('vue')
    const { page, close } = await openApp({}, 'vue')
    await launcher(page).waitFor({ state: 'visible' })
    await page.getByRole('button', { name: /^Chat \(/ }).click()
    await chatWindow(page).waitFor()
    await close()
  })
})
