// The invitation bubble's styles: loaded with its chunk (invite.ts), added to the
// widget's shadow root beside LOADER_CSS (the launcher label's are in invite-label.ts).
export const INVITE_CSS = `
.ph-invite{order:2;position:relative;max-width:min(300px,100vw - 40px)}
.ph-invite-answer{text-align:start;padding-block:14px;padding-inline:16px 40px;border-radius:18px;background:var(--ph-bg);box-shadow:0 8px 28px #0003;white-space:pre-wrap;overflow-wrap:anywhere}
.ph-invite-close{position:absolute;top:6px;inset-inline-end:6px;width:28px;height:28px;border-radius:50%;background:none;color:var(--ph-muted);display:grid;place-items:center}
.ph-invite svg{width:16px;height:16px}
@keyframes ph-rise{from{opacity:0;translate:0 8px}}
@media (prefers-reduced-motion:no-preference){.ph-invite{animation:ph-rise .25s}}
`
