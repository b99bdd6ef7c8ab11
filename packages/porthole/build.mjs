// Builds the package into its own dist/: ES modules and CommonJS for each entry (the
// loader, React, Vue), minified, React and Vue left to the app, and the declarations.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const entries = ['index', 'react', 'vue']

rmSync(`${here}dist`, { recursive: true, force: true })
await build({
  configFile: false,
  root: here,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: true,
    target: 'es2020',
    lib: {
      entry: Object.fromEntries(entries.map((name) => [name, `${here}src/${name}.ts`])),
      formats: ['es', 'cjs'],
      fileName: (format, name) => `${name}.${format === 'es' ? 'js' : 'cjs'}`,
    },
    rolldownOptions: {
      external: ['react', 'vue'],
      // React Server Components (Next.js's App Router): the component runs in the browser.
      output: { banner: (chunk) => (chunk.name === 'react' ? "'use client';" : '') },
    },
  },
})

// The repository's TypeScript (a devDependency of the root).
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))
const types = spawnSync(process.execPath, [tsc, '-p', `${here}tsconfig.build.json`], {
  stdio: 'inherit',
})
if (types.status !== 0) throw new Error('packages/porthole: the declarations did not build')
// CommonJS apps (`require`) get the same declarations as .d.cts, importing each other's
// .cjs, so TypeScript's node16 resolution types them as CommonJS.
for (const file of readdirSync(`${here}dist`).filter((name) => name.endsWith('.d.ts'))) {
  const text = readFileSync(`${here}dist/${file}`, 'utf8')
  writeFileSync(
    `${here}dist/${file.replace(/\.d\.ts$/, '.d.cts')}`,
    text.replace(/(from '\.\/[\w-]+)\.js'/g, "$1.cjs'"),
  )
}
console.log('build: packages/porthole/dist is ready')
