// The pre-chat form's own rules; its fields, notes, errors and button take the offline
// form's (FORM_CSS, adopted with it), so both forms look alike.
export const PRE_CHAT_CSS = `
.ph-pre-chat-done{display:contents}
.ph-pre-chat{max-height:none;flex-shrink:0;background:var(--ph-bg)}
.ph-pre-chat p{margin:0}
.ph-pre-chat-intro{font-size:14px;color:var(--ph-fg)}
.ph-check{display:flex;align-items:flex-start;gap:8px;font-size:13px;line-height:1.45;color:var(--ph-fg)}
.ph-check input{margin:2px 0 0;inline-size:18px;block-size:18px;flex-shrink:0;accent-color:var(--ph-accent)}
.ph-check a{color:var(--ph-fg);font-weight:600;text-underline-offset:3px}
`
