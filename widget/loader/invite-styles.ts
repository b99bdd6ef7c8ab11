// The invitation bubble's and the launcher label's styles: loaded with their chunk
// (invite.ts), added to the widget's shadow root beside LOADER_CSS.
export const INVITE_CSS = `
.ph-invite{order:2;position:relative;max-width:min(300px,calc(100vw - 40px))}
.ph-invite-answer{text-align:start;padding-block:14px;padding-inline:16px 40px;border-radius:18px;background:var(--ph-bg);box-shadow:0 8px 28px #0003;white-space:pre-wrap;overflow-wrap:anywhere}
.ph-invite-close{position:absolute;top:6px;inset-inline-end:6px;width:28px;height:28px;border-radius:50%;background:none;color:var(--ph-muted);display:grid;place-items:center}
.ph-invite-close svg{width:16px;height:16px}
.ph-label{position:absolute;inset-inline-end:70px;top:50%;translate:0 -50%;white-space:nowrap;padding:7px 14px;border-radius:18px;background:var(--ph-bg);color:var(--ph-fg);box-shadow:0 4px 14px #0003;font-size:14px}
.ph-bottom-left .ph-label{inset-inline:70px auto}
.ph-open .ph-label,.ph-label:empty,.ph-launcher:not(:hover,:focus-visible) .ph-hover{display:none}
@keyframes ph-rise{from{opacity:0;transform:translateY(8px)}}
@media (prefers-reduced-motion:no-preference){.ph-invite{animation:ph-rise .25s}}
`
