import type { SettingsVersion } from './api'

const WHO: Record<string, string> = { password: 'the studio', token: 'the API token' }

function when(time: string): string {
  const date = new Date(time)
  return Number.isNaN(date.getTime()) ? time : date.toLocaleString()
}

/** The saved versions, newest first; any but the current can be restored. */
export function VersionList({
  versions,
  current,
  busy,
  onRestore,
}: {
  versions: SettingsVersion[]
  current: string | undefined
  busy: boolean
  onRestore: (version: string) => void
}) {
  return (
    <section class="card" id="versions" aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      {versions.length === 0 ? (
        <p class="empty">No saved versions yet.</p>
      ) : (
        <ol class="versions">
          {versions.map((item) => (
            <li key={item.version}>
              <span>
                <strong>Version {item.version}</strong>
                <span class="hint">
                  {' '}
                  {when(item.time)}
                  {item.who && ` · by ${WHO[item.who] ?? item.who}`}
                </span>
              </span>
              {item.version === current ? (
                <span class="badge">current</span>
              ) : (
                <button
                  type="button"
                  class="ghost"
                  disabled={busy}
                  aria-label={`Restore version ${item.version}`}
                  onClick={() => onRestore(item.version)}
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
