// `npm run articles:import -- <dir>`: imports a folder of Markdown files with front matter
// (see docs/site-owners/help-articles.md) into the store STORE_URL names (default the
// sqlite file under PORTHOLE_DATA_DIR), all or nothing. Running backends on Redis see the
// articles within a second or two; a sqlite backend sees them at its next start.
import { resolve } from 'node:path'
import { readArticleFolder } from '../server/help/import/markdown-folder'
import { createArticleStore } from '../server/help/store/create-article-store'
import { createStore } from '../server/store/index'

const dir = process.argv[2]
if (!dir) {
  console.error('usage: npm run articles:import -- <folder of .md files>')
  process.exit(2)
}
const read = await readArticleFolder(resolve(dir), Date.now())
if (!read.ok) {
  console.error(`${read.file}: ${read.message}. Nothing was imported.`)
  process.exit(1)
}
const dataDir = resolve(process.env.PORTHOLE_DATA_DIR ?? 'data')
const store = await createStore(
  process.env.STORE_URL ?? `sqlite:${resolve(dataDir, 'porthole.db')}`,
)
const articles = createArticleStore(store)
try {
  await articles.putMany(read.articles)
  console.log(`imported ${read.articles.length} articles from ${dir}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  articles.close()
  await store.close()
}
