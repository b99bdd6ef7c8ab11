// Production build: the widget, the sandbox's agent console, the settings studio, and the
// Node entry points.
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { VITE_CONFIGS, viteBuildOptions } from './vite-builds.mjs'
import { zipWordPressPlugin } from './wordpress-zip.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

rmSync(`${root}/dist`, { recursive: true, force: true })
for (const config of VITE_CONFIGS) {
  const configFile = `${root}/${config}`
  if (!existsSync(configFile)) continue
  await build(viteBuildOptions(configFile))
}
zipWordPressPlugin(root)
// The app package (loader, React, Vue) builds into its own dist.
await import('../packages/porthole/build.mjs')
writeFileSync(`${root}/dist/.build-stamp`, `${new Date().toISOString()}\n`)
console.log('build: dist/ is ready')
