/** The header's one line of status: its dot (green while someone can answer) and its text. */
export function StatusLine({ text, on }: { text: string; on: boolean | undefined }) {
  return (
    <p class="ph-subtitle" aria-live="polite">
      {on !== undefined && (
        <span class={`ph-state ${on ? 'ph-on' : 'ph-off'}`} aria-hidden="true" />
      )}
      {/* Keyed by its text: a new status fades in where the old one was (no jump). */}
      <span key={text} class="ph-status">
        {text}
      </span>
    </p>
  )
}
