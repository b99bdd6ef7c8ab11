// First: zod must be jitless before any schema is built (zod-jitless.ts).
import './zod-jitless'
import { render } from 'preact'
import { App } from './App'
import { createStudioApi } from './api'
import './studio.css'
import './articles/articles.css'
import './answers/answers.css'

const root = document.getElementById('app')
if (!root) throw new Error('The studio page has no #app element')
// The backend writes its PUBLIC_URL here (server/admin/page-routes.ts); the page's own
// origin when served some other way.
const meta = document.querySelector<HTMLMetaElement>('meta[name="porthole-public-url"]')
render(<App api={createStudioApi()} publicUrl={meta?.content || location.origin} />, root)
