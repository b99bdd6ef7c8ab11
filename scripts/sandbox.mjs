// `npm run sandbox`: builds dist/ when needed, then runs the sandbox from it.
import { ensureBuild } from './ensure-build.mjs'

ensureBuild()
await import('../dist/demo/sandbox.js')
