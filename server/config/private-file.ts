import { chmodSync, existsSync, writeFileSync } from 'node:fs'

const OWNER_ONLY = 0o600

/**
 * Writes a file that holds secrets, readable and writable by its owner only. The mode
 * is set again after writing: `writeFileSync`'s mode applies to new files only.
 *
 * @example writePrivateFile(join(dataDir, 'demo-secrets.json'), json)
 */
export function writePrivateFile(path: string, text: string): void {
  writeFileSync(path, text, { mode: OWNER_ONLY })
  chmodSync(path, OWNER_ONLY)
}

/** Makes an existing secrets file private to its owner (one written by an older version may not be). */
export function keepPrivate(path: string): void {
  if (existsSync(path)) chmodSync(path, OWNER_ONLY)
}
