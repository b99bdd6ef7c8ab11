// Media messages' styles: adopted with the media chunk (MediaContent.tsx), when the first
// media message shows. (.ph-media-meta stays in CHAT_CSS: the attachments tray uses it.)
// A picture without a caption is the bubble itself: no frame of the bubble's colour around
// it, its corners the bubble's, a hairline in dark (a dark photo on a dark page has an edge).
// A file card without a caption too: the card is the bubble (its own border, no frame).
export const MEDIA_CSS = `
.ph-media{display:flex;flex-direction:column;gap:6px;padding:6px;min-width:180px}
.ph-media>.ph-media-title,.ph-media>.ph-media-meta,.ph-media>.ph-media-text,.ph-media>.ph-link{padding:0 7px}
.ph-picture{display:block;border-radius:13px;overflow:hidden;line-height:0}
.ph-media:has(>.ph-picture:last-child,>.ph-file:last-child){padding:0;background:none}
.ph-media:has(>.ph-picture:last-child)>.ph-picture{border-radius:inherit;outline:1px solid light-dark(#0000,#fff3);outline-offset:-1px}
.ph-picture img{display:block;max-width:100%;height:auto;max-height:240px;object-fit:cover}
.ph-video,.ph-audio{display:block;width:260px;max-width:100%;border-radius:12px}
.ph-video{max-height:200px;background:#000}
.ph-emoji{font-size:44px;line-height:1.1;padding:4px}
.ph-media-title{font-weight:600}
.ph-file{display:grid;grid-template-columns:auto 1fr;align-items:center;gap:2px 10px;padding:10px 12px;border-radius:12px;background:var(--ph-bg);color:var(--ph-fg);text-decoration:none;border:1px solid var(--ph-line)}
.ph-file-name{font-weight:600;overflow-wrap:anywhere;color:var(--ph-accent-text,var(--ph-fg))}
.ph-file-icon{grid-row:span 2;width:32px;height:32px;stroke-width:1.6;stroke-linejoin:round;color:var(--ph-accent-text,var(--ph-muted))}
.ph-file:hover{border-color:var(--ph-accent)}
.ph-link{color:inherit;font-weight:600}
`
