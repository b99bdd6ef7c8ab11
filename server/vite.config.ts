import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))

// Node entry points built into dist/ so that production runs on plain `node`: the
// commands, and the library entry points package.json's `exports` names (porthole/server,
// porthole/bot, porthole/sandbox, porthole/protocol; tests/server/package-exports.test.ts keeps
// the two in step).
const entries: Record<string, string> = {
  'server/main': 'server/main.ts',
  'demo/sandbox': 'demo/sandbox/main.ts',
  'demo/start': 'demo/start.ts',
  'server/start': 'server/start.ts',
  'server/bot/index': 'server/bot/index.ts',
  'demo/sandbox/index': 'demo/sandbox/index.ts',
  'shared/protocol/index': 'shared/protocol/index.ts',
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
