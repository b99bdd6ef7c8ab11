import { defineConfig } from 'vitest/config'

// Vitest projects: node for shared/server/demo/bench, a DOM for the widget, and the
// real-browser end-to-end suite. The production builds live in scripts/build.mjs.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{shared,server,demo,bench}/**/*.test.{ts,tsx}'],
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
    ],
  },
})
