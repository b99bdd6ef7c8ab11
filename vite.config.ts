import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { z } from 'zod'
import { translationPlugin } from './widget/i18n/translation-module'

// Tests import the package's public entry points by name (`porthole/bot`, …) as
// integrators do. Vite does not resolve a package's own name, so each name in
// package.json's `exports` maps to its `source` (the TypeScript file the build starts from).
const PackageJson = z.object({
  name: z.string(),
  exports: z.record(z.string(), z.union([z.string(), z.looseObject({ source: z.string() })])),
})
const pkg = PackageJson.parse(
  JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')),
)
const selfReferences = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'string'
    ? []
    : [
        {
          find: new RegExp(`^${pkg.name}${subpath.slice(1)}$`),
          replacement: fileURLToPath(new URL(target.source, import.meta.url)),
        },
      ],
)

// Vitest projects: node for shared/server/demo/bench, a DOM for the widget, the settings
// studio, and the real-browser end-to-end suite. The production builds live in scripts/build.mjs.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: selfReferences },
  // The widget's language files (widget/i18n/languages/*.json) as the widget's build makes them.
  plugins: [translationPlugin],
  test: {
    // Waits for real work must not depend on the machine's speed: REAL_WORK_TIMEOUT_MS and
    // REAL_WORK_INTERVAL_MS of tests/support/timeouts.ts (tests/docs/test-waits.test.ts
    // holds these equal to them).
    setupFiles: ['tests/support/wait-defaults.ts'],
    expect: { poll: { timeout: 15_000, interval: 25 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{shared,server,demo,bench,docs,kit}/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'widget',
          environment: 'happy-dom',
          include: ['tests/widget/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
      {
        // The settings studio: components under happy-dom (per file), its build in Chromium.
        extends: true,
        test: {
          name: 'studio',
          environment: 'node',
          include: ['tests/studio/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
      {
        // The app package (packages/porthole): packed, installed into fixture apps, in Chromium.
        extends: true,
        test: {
          name: 'packages',
          environment: 'node',
          include: ['tests/packages/**/*.test.{ts,tsx}'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
      {
        // Integrations on the real thing (the WordPress plugin on Debian's WordPress).
        extends: true,
        test: {
          name: 'integrations',
          environment: 'node',
          include: ['tests/integrations/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 150_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
