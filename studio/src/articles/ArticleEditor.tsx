import { useEffect, useRef } from 'preact/hooks'
import { MAX_KEYWORDS } from '../../../shared/help/article-limits'
import type { StudioApi } from '../api'
import { Banner } from '../Banner'
import { Checkbox } from '../fields/Checkbox'
import { describedBy, Field } from '../fields/Field'
import { Options } from '../fields/Options'
import { LoginAgain } from '../LoginAgain'
import { ArticleInput } from './ArticleInput'
import { ArticlePreview } from './ArticlePreview'
import { languageOptions } from './languages'
import type { useArticleEditor } from './use-article-editor'

type Editor = ReturnType<typeof useArticleEditor>

/** The article form beside its live preview: save, delete, back to the list. */
export function ArticleEditor({
  api,
  editor,
  categories,
  languages,
  onClose,
  onDeleted,
  previewDelayMs,
}: {
  api: StudioApi
  editor: Editor
  categories: string[]
  languages: string[]
  onClose: () => void
  onDeleted: () => void
  previewDelayMs?: number
}) {
  const { editing, problems } = editor
  // The list the site owner came from is hidden now: keyboard and screen reader go to the editor.
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
    headingRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [])
  if (!editing) return null
  const { draft } = editing
  const bodyProblems = problems.filter((problem) => problem.path === 'body')
  const languageProblems = problems.filter((problem) => problem.path === 'language')
  // What every text field of the form takes alike: its name, value, problems and change.
  const text = (name: 'title' | 'id' | 'category' | 'keywords' | 'url') => ({
    name,
    value: draft[name],
    problems,
    onInput: (value: string) => editor.change({ [name]: value }),
  })
  const heading = editor.isNew ? 'New article' : `Edit “${editing.saved?.title ?? draft.id}”`
  return (
    <div class="article-editor">
      <div class="editor-head">
        <h3 id="article-editor-title" ref={headingRef} tabIndex={-1}>
          {heading}
        </h3>
        <span class="status" role="status">
          {editor.busy ? 'Working…' : editor.dirty ? 'Unsaved changes' : ''}
        </span>
      </div>
      {editor.notice && (
        <Banner notice={editor.notice}>
          {editor.expired && <LoginAgain api={api} onLoggedIn={() => void editor.save()} />}
        </Banner>
      )}
      <div class="editor-grid">
        <form
          class="article-form"
          aria-labelledby="article-editor-title"
          onSubmit={(event) => {
            event.preventDefault()
            void editor.save()
          }}
        >
          <ArticleInput {...text('title')} label="Title" />
          <ArticleInput
            {...text('id')}
            label="Id (in the address)"
            hint={
              editor.isNew
                ? 'Lowercase letters, digits and dashes. It cannot change once the article is saved.'
                : 'Fixed once saved.'
            }
            readOnly={!editor.isNew}
          />
          <div class="row">
            <Field id="article-language" label="Language" problems={languageProblems}>
              <select
                {...describedBy('article-language', undefined, languageProblems)}
                value={draft.language}
                onChange={(event) => editor.change({ language: event.currentTarget.value })}
              >
                <Options of={languageOptions([...languages, draft.language].filter(Boolean))} />
              </select>
            </Field>
            <ArticleInput {...text('category')} label="Category" list="article-categories" />
          </div>
          <datalist id="article-categories">
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
          <Field
            id="article-body"
            label="Text (Markdown)"
            hint="Headings (##), lists, tables, links and images (https) show as visitors see them."
            problems={bodyProblems}
          >
            <textarea
              {...describedBy('article-body', 'hint', bodyProblems)}
              class="code article-body-input"
              rows={18}
              spellcheck
              value={draft.body}
              onInput={(event) => editor.change({ body: event.currentTarget.value })}
            />
          </Field>
          <ArticleInput
            {...text('keywords')}
            label="Keywords"
            hint={`Other words visitors use for this, separated by commas (at most ${MAX_KEYWORDS}).`}
          />
          <ArticleInput
            {...text('url')}
            label="Page on your site (optional)"
            hint="Where the article lives on your site; the chat links there. Empty: Porthole’s own help page."
            type="url"
          />
          <Checkbox
            id="article-published"
            label="Published (visitors and the bot find it)"
            checked={draft.published}
            onChange={(published) => editor.change({ published })}
          />
          <Checkbox
            id="article-featured"
            label="Featured on the help view’s first screen"
            checked={draft.featured}
            onChange={(featured) => editor.change({ featured })}
          />
          <div class="actions">
            <button type="submit" class="primary" disabled={editor.busy}>
              {editor.busy ? 'Saving…' : 'Save article'}
            </button>
            <button type="button" class="ghost" onClick={onClose}>
              Back to the list
            </button>
            {!editor.isNew && (
              <button
                type="button"
                class="danger"
                disabled={editor.busy}
                onClick={async () => {
                  if (await editor.remove()) onDeleted()
                }}
              >
                Delete article
              </button>
            )}
          </div>
        </form>
        <ArticlePreview
          title={draft.title}
          body={draft.body}
          language={draft.language}
          delayMs={previewDelayMs}
        />
      </div>
    </div>
  )
}
