import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))

// Node entry points built into dist/ so that production runs on plain `node`.
const entries: Record<string, string> = {
  'server/main': 'server/main.ts',
  'demo/sandbox': 'demo/sandbox/main.ts',
  'demo/start': 'demo/start.ts',
}

const input = Object.fromEntries(
  Object.entries(entries).filter(([, file]) => existsSync(`${root}/${file}`)),
)

export default defineConfig({
  root,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: true,
    rollupOptions: {
      input,
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'server/chunks/[name]-[hash].js',
      },
    },
  },
})
