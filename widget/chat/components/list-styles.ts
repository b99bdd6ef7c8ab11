// The conversation's styles that the first frame (IntroLog.tsx: the greeting, messages on
// their way) does not need: authors, days, the joined line, delivery's retry, a file's size
// and a message's entrance. They come with the engine's chunk, whose list (MessageList.tsx)
// and file tray (attachments/TrayView.tsx) adopt them before they first draw.
export const LIST_CSS = `
.ph-author{display:flex;align-items:center;gap:6px;font-size:12.5px;font-weight:600;color:var(--ph-muted);padding-inline:4px}
.ph-avatar-small{width:20px;height:20px;border-radius:50%;object-fit:cover}
.ph-cont{margin-top:-7px}
.ph-joined{align-self:center;margin:2px 0;font-size:12.5px;color:var(--ph-muted);text-align:center}
.ph-media-meta{font-size:12.5px;color:var(--ph-muted)}
.ph-day{align-self:center;margin:4px 0 0;font-size:12px;font-weight:600;color:var(--ph-muted)}
.ph-delayed .ph-retry{color:inherit}
.ph-retry{border:0;background:none;padding:0 2px;color:var(--ph-danger);font-weight:700;text-decoration:underline;font-size:inherit}
@media (prefers-reduced-motion:no-preference){
.ph-enter{animation:ph-enter .24s cubic-bezier(.2,.8,.3,1);transform-origin:50% 100%}}
@keyframes ph-enter{from{opacity:0;transform:scale(.94)}}
`
