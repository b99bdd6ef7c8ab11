import { useState } from 'preact/hooks'
import { isStudioApiError } from '../api-request'
import { NoticeLine } from '../NoticeLine'
import type { HelpApi } from './help-api'
import { errorText } from './use-article-list'

type Outcome = { kind: 'info' | 'error'; text: string }

/** What a refused import says: the line and why (nothing was imported). */
function refusal(error: unknown): string {
  if (isStudioApiError(error) && error.line !== undefined)
    return `Nothing was imported: line ${error.line} is not a valid article. ${error.message}`
  if (isStudioApiError(error) && error.status === 413)
    return `Nothing was imported: the file is too large for one import; split it. ${error.message}`
  return `Nothing was imported: ${errorText(error)}`
}

/** Import from a file or pasted text of NDJSON, one article a line; all of it or nothing. */
export function ImportLines({ api, onImported }: { api: HelpApi; onImported: () => void }) {
  const [text, setText] = useState('')
  const [file, setFile] = useState<File | undefined>()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | undefined>()
  // A new file input after an import: a browser's file input cannot be emptied otherwise.
  const [round, setRound] = useState(0)
  const body = file ?? (text.trim() ? text : undefined)
  return (
    <form
      class="import-form"
      aria-labelledby="import-lines-title"
      onSubmit={async (event) => {
        event.preventDefault()
        if (!body) return
        setBusy(true)
        setOutcome(undefined)
        try {
          const imported = await api.importLines(body)
          setOutcome({
            kind: 'info',
            text: `Imported ${imported.toLocaleString()} ${imported === 1 ? 'article' : 'articles'} (published).`,
          })
          setText('')
          setFile(undefined)
          setRound((count) => count + 1)
          onImported()
        } catch (error) {
          setOutcome({ kind: 'error', text: refusal(error) })
        } finally {
          setBusy(false)
        }
      }}
    >
      <h4 id="import-lines-title">From a file (NDJSON)</h4>
      <p class="hint" id="import-lines-hint">
        One article a line: {'{"id","title","body","language","url","category"}'}. An article with
        an id that exists already is replaced. One bad line and nothing is imported.
      </p>
      <div class="field">
        <label for="import-file">File</label>
        <input
          key={round}
          id="import-file"
          type="file"
          accept=".ndjson,.jsonl,.json,.txt,application/x-ndjson"
          onChange={(event) => setFile(event.currentTarget.files?.[0])}
        />
      </div>
      <div class="field">
        <label for="import-text">Or paste the lines</label>
        <textarea
          id="import-text"
          class="code"
          rows={5}
          value={text}
          disabled={file !== undefined}
          aria-describedby="import-lines-hint"
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <div class="actions">
        <button type="submit" class="primary" disabled={busy || !body}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
      {outcome && <NoticeLine notice={outcome} />}
    </form>
  )
}
