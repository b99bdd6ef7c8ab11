// The offline form's styles: adopted with its chunk (OfflineForm.tsx), before it paints.
// (Its inputs share their look with the message box's rule in CHAT_CSS.) In the home
// screen it scrolls with the screen, whole; below a conversation it scrolls on its own.
// The e-mail and the phone share a row: the whole form stays in view in a 640 px window.
export const FORM_CSS = `
.ph-offline-form{display:grid;grid-template-columns:1fr 1fr;gap:8px;padding:2px 14px 0}
.ph-offline-form>*{grid-column:1/-1}
.ph-offline-form>.ph-email:has(+.ph-phone),.ph-email+.ph-phone{grid-column:auto}
.ph-window>.ph-offline-form{padding:12px 14px 14px;border-top:1px solid var(--ph-line);overflow-y:auto;max-height:60%}
.ph-field{display:flex;flex-direction:column;gap:3px;font-size:13px;color:var(--ph-muted);min-width:0}
.ph-field input,.ph-field textarea{padding:8px 12px}
.ph-form-note{margin:0;display:flex;flex-wrap:wrap;column-gap:12px;font-size:12px;color:var(--ph-muted)}
.ph-form-error{margin:0;color:var(--ph-danger);font-size:13px}
.ph-submit{border:0;border-radius:14px;padding:11px;background:var(--ph-accent);color:var(--ph-on-accent);font-weight:650}
.ph-submit:disabled{opacity:.6}
`
