// The home screen's styles: adopted with its chunk (HomeScreen.tsx), before it paints.
// The offline form inside it scrolls with it (offline-form-styles.ts).
export const HOME_CSS = `
.ph-home{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;display:flex;flex-direction:column;gap:10px;padding:0 0 12px;background:var(--ph-bg)}
.ph-home-top{display:grid;gap:6px;padding:18px 18px 6px}
.ph-home-team{display:flex}
.ph-home-away{grid-template-columns:auto 1fr;align-items:center;column-gap:10px;padding-top:14px}
.ph-home-away .ph-home-team img,.ph-home-away .ph-home-initial{width:32px;height:32px;font-size:15px}
.ph-home-away .ph-home-notice{grid-column:1/-1}
.ph-home-team img,.ph-home-initial{width:44px;height:44px;border-radius:50%;object-fit:cover;box-shadow:0 0 0 3px var(--ph-bg);background:var(--ph-soft)}
.ph-home-team img+img{margin-inline-start:-12px}
.ph-home-initial{display:grid;place-items:center;background:var(--ph-accent);color:var(--ph-on-accent);font-weight:700;font-size:18px}
.ph-home-greeting{margin:4px 0 0;font-size:19px;font-weight:650;line-height:1.3;overflow-wrap:anywhere}
.ph-home-status{margin:0;display:flex;flex-wrap:wrap;align-items:center;gap:6px;font-size:13.5px}
.ph-home-status .ph-state{box-shadow:none}
.ph-home-notice{margin:2px 0 0;font-size:14px}
.ph-home-card{margin:0 14px;display:flex;align-items:center;gap:10px;padding:12px 14px;border:1px solid var(--ph-line);border-radius:14px;background:var(--ph-bg);color:inherit;font:inherit;font-size:14.5px;text-align:start}
.ph-home-card:hover{border-color:var(--ph-accent)}
.ph-home-card svg{flex:none;width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.ph-home-start{justify-content:space-between;font-weight:650}
.ph-home-start svg{color:var(--ph-accent)}
[dir=rtl] .ph-home-start svg{transform:scaleX(-1)}
.ph-home-search{color:var(--ph-muted);background:var(--ph-soft);border-color:transparent}
.ph-home-last{flex-direction:column;align-items:stretch;gap:3px}
.ph-home-label{font-size:12.5px;font-weight:600;color:var(--ph-muted)}
.ph-home>.ph-composer{order:1;margin-top:auto;position:sticky;bottom:-12px}
.ph-home-words{overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
`
