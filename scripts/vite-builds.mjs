// The repository's Vite builds and how build.mjs loads their configs, shared with the
// test that holds the build quiet.

/** The Vite configs build.mjs builds, in order, relative to the repository's root. */
export const VITE_CONFIGS = [
  'widget/vite.config.ts',
  'demo/console/vite.config.ts',
  'studio/vite.config.ts',
  'server/vite.config.ts',
]

/**
 * Vite's inline options for building one config (an absolute path). The configs import
 * the repository's TypeScript without extensions, as all its code does: Vite's module
 * runner loads them as Vite resolves, where the default bundling loader warns at every
 * build that a future native loader could not.
 */
export function viteBuildOptions(configFile) {
  return { configFile, configLoader: 'runner', logLevel: 'warn' }
}
