import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { translationPlugin } from '../widget/i18n/translation-module'

// The settings studio: a static Preact app the backend serves at /admin (dist/studio),
// and the preview page its live preview frames at /admin/preview.
const here = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root: here,
  base: '/admin/',
  logLevel: 'warn',
  publicDir: false,
  // The widget's language files (its preview shows the widget in every language).
  plugins: [translationPlugin],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/studio', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Every style and script a file of its own: the page's CSP allows no inline code.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: {
        studio: `${here}index.html`,
        preview: `${here}preview.html`,
      },
    },
  },
})
