// The messages' bubbles and the dots: drawn only by a log (the first frame's,
// IntroLog.tsx, or the engine's list, MessageList.tsx), not by the home screen a new
// visitor's first open shows. They come with the log's chunk, and each log adopts them
// from its element's ref, before any layout effect of its children: a media card's
// styles (media-styles.ts), which share these elements, come after them.
export const MESSAGE_CSS = `
.ph-msg{display:flex;flex-direction:column;align-items:flex-start;max-width:84%;gap:3px}
.ph-own{align-self:flex-end;align-items:flex-end}
.ph-bubble{padding:9px 13px;border-radius:18px;background:var(--ph-soft);white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;border-end-start-radius:6px}
.ph-own .ph-bubble{background:var(--ph-accent);color:var(--ph-on-accent);border-end-start-radius:18px;border-end-end-radius:6px}
.ph-bubble a{color:inherit}
.ph-meta{font-size:11.5px;color:var(--ph-muted);padding-inline:6px}
.ph-dots{display:inline-flex;gap:4px;padding:4px 2px}
.ph-loading{margin:auto;text-align:center}
.ph-dots i{width:7px;height:7px;border-radius:50%;background:var(--ph-muted);animation:ph-blink 1.2s infinite ease-in-out}
.ph-dots i:nth-child(2){animation-delay:.15s}.ph-dots i:nth-child(3){animation-delay:.3s}
@keyframes ph-blink{0%,80%,to{opacity:.3}40%{opacity:1;transform:translateY(-3px)}}
@media (prefers-reduced-motion:reduce){.ph-dots i{animation:none!important}}
`
