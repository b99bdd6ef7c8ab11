import { useState } from 'preact/hooks'
import { AskTheBot } from './answers/AskTheBot'
import { useModelState } from './answers/use-model-state'
import type { StudioApi } from './api'
import { ArticlesSection } from './articles/ArticlesSection'
import { Banner } from './Banner'
import { DraftContext } from './draft-context'
import { InstallCard } from './InstallCard'
import { LoginAgain } from './LoginAgain'
import { Preview } from './Preview'
import { ProblemSummary } from './ProblemSummary'
import { AppearanceSection } from './sections/AppearanceSection'
import { BotSection } from './sections/BotSection'
import { EmailSection } from './sections/EmailSection'
import { HoursSection } from './sections/HoursSection'
import { InvitationsSection } from './sections/InvitationsSection'
import { OfflineFormSection } from './sections/OfflineFormSection'
import { PreChatSection } from './sections/PreChatSection'
import { PrivacySection } from './sections/PrivacySection'
import { TeamSection } from './sections/TeamSection'
import { TextsSection } from './sections/TextsSection'
import { useStudio } from './use-studio'
import { useUnsavedWarning } from './use-unsaved-warning'
import { VersionList } from './VersionList'

const NAV = [
  ['appearance', 'Appearance'],
  ['texts', 'Texts'],
  ['team', 'Team'],
  ['invitations', 'Invitations'],
  ['hours', 'Hours'],
  ['offline-form', 'Offline form'],
  ['pre-chat', 'Pre-chat form'],
  ['bot', 'Bot'],
  ['email', 'E-mail'],
  ['privacy', 'Privacy'],
  ['ask', 'Ask the bot'],
  ['articles', 'Articles'],
  ['versions', 'Versions'],
  ['install', 'Install'],
] as const

/** The settings studio once logged in: the form, the live preview, save and versions. */
export function Studio({
  api,
  publicUrl,
  onLogout,
  confirm = (question) => window.confirm(question),
}: {
  api: StudioApi
  publicUrl: string
  onLogout: () => void
  /** Asks before unsaved changes are thrown away (in-app warning). */
  confirm?: (question: string) => boolean
}) {
  const studio = useStudio(api)
  const model = useModelState(api.answers)
  // The article being edited has a draft of its own (articles/ArticlesSection.tsx).
  const [articleDirty, setArticleDirty] = useState(false)
  useUnsavedWarning(studio.dirty)
  const unsavedOk = (action: string, dirty = studio.dirty) =>
    !dirty || confirm(`You have unsaved changes. ${action} and lose them?`)

  if (!studio.saved) {
    return (
      <main class="loading">
        {studio.notice ? (
          <div class="card">
            <p class="field-error" role="alert">
              {studio.notice.text}
            </p>
            <button type="button" onClick={() => void studio.reload()}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading the settings…</p>
        )}
      </main>
    )
  }
  const problemCount = studio.problems.length
  const siteLanguage =
    typeof studio.saved.settings.defaultLang === 'string'
      ? studio.saved.settings.defaultLang
      : undefined
  return (
    <DraftContext.Provider
      value={{ draft: studio.draft, change: studio.change, problems: studio.problems }}
    >
      <header class="topbar">
        <h1>Settings studio</h1>
        <nav aria-label="Sections">
          {NAV.map(([id, label]) => (
            <a key={id} href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>
        <div class="actions">
          <span class="status" role="status">
            {studio.dirty ? 'Unsaved changes' : `Saved · version ${studio.saved.version}`}
            {problemCount > 0 &&
              ` · ${problemCount} ${problemCount === 1 ? 'problem' : 'problems'}`}
          </span>
          <button
            type="button"
            disabled={!studio.dirty || studio.busy}
            onClick={() => {
              if (unsavedOk('Discard them')) studio.discard()
            }}
          >
            Discard
          </button>
          <button
            type="button"
            class="primary"
            disabled={!studio.dirty || studio.busy}
            onClick={() => void studio.save()}
          >
            {studio.busy ? 'Saving…' : 'Save'}
          </button>
          <button
            type="button"
            class="ghost"
            onClick={() => {
              if (unsavedOk('Log out', studio.dirty || articleDirty)) onLogout()
            }}
          >
            Log out
          </button>
        </div>
      </header>
      {studio.expired && (
        <div class="banner error" role="alert">
          <p>Your login has ended. Log in again: your unsaved changes are kept.</p>
          <LoginAgain api={api} onLoggedIn={studio.loggedInAgain} />
        </div>
      )}
      {studio.conflict && (
        <div class="banner error" role="alert">
          <p>
            Someone else saved the settings after you loaded them, so yours were not saved. Reload
            to see theirs (your changes here are lost), or copy what you need first.
          </p>
          <button
            type="button"
            class="primary"
            onClick={() => {
              if (unsavedOk('Reload')) void studio.reload()
            }}
          >
            Reload their settings
          </button>
          <button type="button" class="ghost" onClick={studio.dismissConflict}>
            Keep editing
          </button>
        </div>
      )}
      {studio.notice && <Banner notice={studio.notice} />}
      <ProblemSummary problems={studio.problems} all={studio.refused} />
      <main class="layout">
        <form class="settings" aria-label="Settings" onSubmit={(event) => event.preventDefault()}>
          <AppearanceSection />
          <TextsSection />
          <TeamSection />
          <InvitationsSection />
          <HoursSection />
          <OfflineFormSection />
          <PreChatSection />
          <BotSection model={model} />
          <EmailSection api={api} />
          <PrivacySection />
          <VersionList
            versions={studio.versions}
            current={studio.saved.version}
            busy={studio.busy}
            onRestore={(version) => {
              if (unsavedOk(`Restore version ${version}`)) void studio.restore(version)
            }}
          />
          <InstallCard publicUrl={publicUrl} />
        </form>
        <aside class="preview-column" aria-label="Live preview">
          <Preview settings={studio.draft} />
        </aside>
      </main>
      {/* Full width below the settings: their sticky preview stays beside them only. */}
      <div class="wide">
        <AskTheBot
          api={api.answers}
          model={model}
          defaultLanguage={siteLanguage}
          unsaved={studio.dirty}
        />
        <ArticlesSection
          api={api}
          confirm={confirm}
          defaultLanguage={siteLanguage}
          onDirtyChange={setArticleDirty}
        />
      </div>
    </DraftContext.Provider>
  )
}
