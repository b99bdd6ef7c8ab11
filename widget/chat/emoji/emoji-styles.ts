// The emoji picker's styles: adopted into the widget's shadow root when its chunk loads.
export const EMOJI_CSS = `
.ph-composer{position:relative}
.ph-emo{position:absolute;bottom:calc(100% + 6px);inset-inline-end:10px;z-index:1;width:min(316px,calc(100% - 20px));background:var(--ph-bg);border:1px solid var(--ph-line);border-radius:16px;box-shadow:0 8px 28px #0003;overflow:hidden}
.ph-emo-tabs{display:flex;border-bottom:1px solid var(--ph-line);padding:4px}
.ph-emo button{border:0;background:none;border-radius:10px;display:grid;place-items:center;font:22px/1 "Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji",sans-serif;color:inherit;padding:0}
.ph-emo-tabs button{flex:1;height:38px;opacity:.55}
.ph-emo-tabs [aria-selected=true]{opacity:1;background:var(--ph-soft)}
.ph-emo-grid{display:grid;grid-template-columns:repeat(8,1fr);padding:6px;max-height:196px;overflow-y:auto;overscroll-behavior:contain}
.ph-emo-item{aspect-ratio:1}
.ph-emo button:hover,.ph-emo-item:focus{background:var(--ph-soft)}
.ph-emo button:focus-visible{outline-offset:-2px}
`
