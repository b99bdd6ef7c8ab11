/** The header's one line of status: its dot (green while someone can answer) and its text. */
export function StatusLine({ text, on }: { text: string; on: boolean | undefined }) {
  return (
    <p class="ph-subtitle" aria-live="polite">
      {on !== undefined && (
        <span class={`ph-state ${on ? 'ph-on' : 'ph-off'}`} aria-hidden="true" />
      )}
      {/* Keyed by its text: a new status slides into place where the old one was (no jump, its colour whole). */}
      <span key={text} class="ph-status-line" title={text}>
        {text}
      </span>
    </p>
  )
}
