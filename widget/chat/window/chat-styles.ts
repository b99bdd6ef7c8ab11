import { MOTION_CSS } from './motion-styles'

// The chat window's styles, adopted into the shadow root when the chat chunk loads.
// Light or dark by light-dark(): the frame's color-scheme follows the `theme` setting.
// The messages' and the launcher's motion: motion-styles.ts. The loader's sheet stays
// adopted beside this one: what it sets for the whole frame (box-sizing, the buttons' font,
// color and border, the icons' strokes, the text color) is not said again here.
export const CHAT_CSS = `${MOTION_CSS}
.ph-window-slot{order:1;display:contents}
@media (prefers-reduced-motion:reduce){.ph-window{animation:none!important}}
.ph-frame{--ph-soft:light-dark(#f1f3f6,#2a2f39);--ph-line:light-dark(#dfe3ea,#3a404c);--ph-danger:light-dark(#c62828,#ff8a80)}
.ph-window{width:380px;height:min(640px,calc(100vh - 120px));display:flex;flex-direction:column;overflow:hidden;background:var(--ph-bg);
border-radius:20px;box-shadow:0 18px 50px #0004,0 3px 10px #0002;border:1px solid var(--ph-line);animation:ph-pop .22s cubic-bezier(.2,.8,.3,1)}
@keyframes ph-pop{from{opacity:0;transform:translateY(12px) scale(.98)}to{opacity:1;transform:none}}
.ph-header{flex:none;display:flex;align-items:center;gap:8px;height:64px;padding-inline:14px 6px;background:var(--ph-accent);color:var(--ph-on-accent)}
.ph-avatar{flex:none;width:34px;height:34px;border-radius:50%;display:grid;place-items:center;font-weight:700;font-size:16px;background:#fff4;overflow:hidden;box-shadow:0 0 0 2px #fff6}
.ph-avatar img{width:100%;height:100%;object-fit:cover}
.ph-heading{flex:1 1 auto;min-width:0}
.ph-title{margin:0;font-size:15px;font-weight:650;line-height:20px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ph-subtitle{margin:1px 0 0;padding-inline-start:2px;font-size:13px;line-height:18px;display:flex;align-items:center;gap:6px;white-space:nowrap}
.ph-status-line{overflow:hidden;text-overflow:ellipsis;animation:ph-swap .25s ease-out}
@keyframes ph-swap{from{transform:translateY(4px)}}
@media (prefers-reduced-motion:reduce){.ph-status-line{animation:none}}
.ph-state{flex:none;width:8px;height:8px;border-radius:50%;background:#9aa0a6;box-shadow:0 0 0 2px #fff8}
.ph-state.ph-on{background:#34d058}
.ph-close{flex:none;width:40px;height:40px;border-radius:12px;background:transparent;display:grid;place-items:center}
.ph-header .ph-close{width:34px;height:34px;border-radius:10px}
.ph-header .ph-close+.ph-close{margin-inline-start:-6px}
.ph-close:hover{background:#fff3}
.ph-close:focus-visible{outline-color:currentColor}
.ph-close svg,.ph-send svg{width:20px;height:20px;stroke-linejoin:round}
.ph-log{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:18px 14px 8px;display:flex;flex-direction:column;gap:10px;background:var(--ph-bg)}
.ph-log:focus-visible{outline-offset:-3px}
.ph-notice{margin:0 0 4px;padding:10px 12px;border-radius:12px;background:var(--ph-soft);color:var(--ph-muted);font-size:13.5px;text-align:center}
.ph-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.ph-failed{color:var(--ph-danger)}
.ph-composer{display:grid;grid-template-columns:auto 1fr auto;align-items:end;gap:4px 8px;padding:10px 12px 12px;border-top:1px solid var(--ph-line);background:var(--ph-bg)}
.ph-input,.ph-field input,.ph-field textarea{font:inherit;font-size:16px;color:var(--ph-fg);background:var(--ph-soft);border:1px solid transparent;border-radius:14px;padding:10px 14px;resize:none;width:100%}
.ph-input{max-height:140px;field-sizing:content;min-height:44px;padding-right:40px}
[dir=rtl] .ph-input{padding:10px 14px 10px 40px}
.ph-box{position:relative;display:flex}
.ph-smile{position:absolute;bottom:0;inset-inline-end:0;height:44px;color:var(--ph-muted)}
.ph-input:focus,.ph-field input:focus,.ph-field textarea:focus{outline:none;border-color:var(--ph-accent);background:var(--ph-bg)}
[data-kb] .ph-input:focus-visible,.ph-field input:focus-visible,.ph-field textarea:focus-visible{box-shadow:0 0 0 3px color-mix(in srgb,var(--ph-accent) 35%,transparent)}
.ph-counter{grid-column:2;font-size:11.5px;color:var(--ph-muted);padding-inline:6px}
.ph-counter.ph-over{color:var(--ph-fg);font-weight:600}
.ph-send{grid-row:1;grid-column:3;width:44px;height:44px;border-radius:50%;background:var(--ph-accent);color:var(--ph-on-accent);display:grid;place-items:center}
.ph-attach{height:44px;color:var(--ph-muted)}
.ph-send:disabled{opacity:.45;cursor:default}
[dir=rtl] .ph-send svg{transform:scaleX(-1)}
@media (max-width:479px){
.ph-window{position:fixed;inset:0;width:auto;height:auto;border-radius:0;border:0;
padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);background:var(--ph-accent)}
.ph-window>*:not(.ph-header){background:var(--ph-bg)}
.ph-window>.ph-notice{margin:0;border-radius:0}
.ph-drop{outline:3px dashed var(--ph-accent);outline-offset:-6px}
.ph-launcher.ph-open{display:none}
}
`
