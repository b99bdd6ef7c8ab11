// The consent step's and the menu's styles: adopted when their chunks load (one rule per
// line; the build drops the line breaks). Light and dark through the window's variables;
// logical properties, so right to left needs no rule of its own.
export const PRIVACY_CSS = `
.ph-consent,.ph-menu{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:18px 18px 20px;display:flex;flex-direction:column;gap:12px;background:var(--ph-bg);color:var(--ph-fg)}
.ph-consent h2,.ph-menu h2{margin:0;font-size:17px;font-weight:650;line-height:1.3}
.ph-consent p,.ph-menu p{margin:0;font-size:14.5px;line-height:1.5;white-space:pre-wrap;overflow-wrap:anywhere}
.ph-consent a{align-self:flex-start;color:var(--ph-fg);font-size:14px;font-weight:600;text-underline-offset:3px}
.ph-consent-actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:auto}
.ph-consent button,.ph-menu button{font:inherit;font-size:14.5px;font-weight:600;border-radius:12px;padding:10px 16px;cursor:pointer;border:1px solid var(--ph-line);background:var(--ph-bg);color:var(--ph-fg)}
.ph-consent .ph-consent-agree,.ph-menu .ph-menu-danger{background:var(--ph-accent);color:var(--ph-on-accent);border-color:transparent}
.ph-menu .ph-menu-danger{background:var(--ph-danger);color:var(--ph-bg)}
.ph-menu button{width:100%;text-align:start}
.ph-menu .ph-menu-mute{display:flex;align-items:center;gap:8px}.ph-menu-mute svg{width:18px;height:18px}
.ph-consent a:focus-visible,.ph-consent button:focus-visible,.ph-menu button:focus-visible{outline:2px solid var(--ph-accent);outline-offset:2px}
.ph-menu [role=status]{color:var(--ph-muted)}
`
