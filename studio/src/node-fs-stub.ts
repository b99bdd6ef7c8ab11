// The studio bundles the settings schema (server/config/settings.ts) for its live field
// checks; that module also reads the settings file with node:fs, which a browser never
// calls. The studio's build resolves node:fs here.
export function readFileSync(): never {
  throw new Error('The settings studio cannot read files: it runs in the browser')
}
