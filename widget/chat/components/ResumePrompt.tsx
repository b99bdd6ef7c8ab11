import type { ResumeNotes } from '../../i18n/translation'
import { adoptStyles } from '../window/adopt-styles'

// Its styles travel with the resume link's chunk (resume.ts), like its code.
const PROMPT_CSS = `
.ph-resume{display:grid;gap:10px;padding:14px 16px;border-top:1px solid var(--ph-line)}
.ph-resume p{margin:0;font-size:14px}
.ph-resume div{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end}
.ph-resume button{border:1px solid var(--ph-line);border-radius:99px;padding:8px 14px;background:none;color:inherit;font:inherit;font-size:13.5px}
.ph-resume .ph-yes{border-color:var(--ph-accent);background:var(--ph-accent);color:var(--ph-on-accent)}
`

interface Props {
  notes: ResumeNotes
  onYes: () => void
  onKeep: () => void
}

/**
 * In place of the message box when an e-mail's resume link would replace the
 * conversation this device already has: nothing is exchanged until the visitor says yes.
 */
export function ResumePrompt({ notes, onYes, onKeep }: Props) {
  return (
    <div ref={(node) => adoptStyles(node, PROMPT_CSS)} class="ph-resume">
      <p role="alert" dir="auto">
        {notes.ask}
      </p>
      <div>
        <button type="button" onClick={onKeep}>
          {notes.keep}
        </button>
        <button type="button" class="ph-yes" onClick={onYes}>
          {notes.yes}
        </button>
      </div>
    </div>
  )
}
