/** The end-of-chat panel's styles: adopted with its chunk, not with the chat's first open. */
export const ENDED_CSS = `
.ph-end{display:flex;flex-direction:column;gap:8px;margin:0 0 4px;padding:10px 12px;border-radius:12px;border:1px solid var(--ph-line);font-size:14px}
.ph-end .ph-rate{border:0;margin:0;padding:0;min-width:0}
.ph-end legend{padding:0}
.ph-scores{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
.ph-end .ph-ask{font-weight:600}
.ph-end .ph-score{display:inline-grid;place-items:center;min-width:44px;height:44px;padding:0 10px;border:1px solid var(--ph-line);border-radius:10px;background:none;color:inherit;font-size:18px;font-weight:400}
.ph-end .ph-score[aria-pressed=true]{border-color:var(--ph-accent);background:color-mix(in srgb,var(--ph-accent) 18%,transparent)}
.ph-end button:focus-visible{outline:3px solid var(--ph-accent);outline-offset:2px}
.ph-end button{align-self:flex-start;min-height:44px;padding:0 14px;border-radius:10px;border:1px solid var(--ph-accent);background:var(--ph-accent);color:var(--ph-on-accent);font:inherit;font-weight:600;cursor:pointer}
.ph-end button.ph-plain{background:none;color:inherit;border-color:var(--ph-line)}
.ph-end .ph-field{display:flex;flex-direction:column;gap:4px;margin:0;font-size:13px;color:var(--ph-muted)}
.ph-end p{margin:0;overflow-wrap:anywhere}
.ph-end .ph-failed{font-size:13px}
.ph-end form{display:flex;flex-direction:column;gap:8px}
`
