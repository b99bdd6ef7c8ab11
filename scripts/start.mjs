// `npm start`: builds dist/ when needed, then runs the demo (sandbox + backend + demo site).
import { ensureBuild } from './ensure-build.mjs'

ensureBuild()
await import('../dist/demo/start.js')
