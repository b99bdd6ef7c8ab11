// The attachment tray's styles, adopted into the shadow root when its chunk loads.
export const ATTACH_CSS = `
.ph-tray{display:flex;flex-direction:column;gap:6px;margin:0;padding:10px 12px 0;list-style:none;border-top:1px solid var(--ph-line);max-height:40%;overflow-y:auto;background:var(--ph-bg)}
.ph-tray+.ph-composer{border-top:0}
.ph-att{display:flex;align-items:center;gap:10px;padding:6px;border-radius:14px;background:var(--ph-soft)}
.ph-att-img{flex:none;width:44px;height:44px;border-radius:9px;object-fit:cover}
.ph-att-ext{display:grid;place-items:center;background:var(--ph-bg);border:1px solid var(--ph-line);font-size:11px;font-weight:700;text-transform:uppercase;color:var(--ph-muted)}
.ph-att-text{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px;font-size:13.5px}
.ph-att-name{font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ph-att .ph-failed{font-size:12.5px}
.ph-att-types{padding:0 6px;font-size:12.5px;color:var(--ph-muted)}
.ph-att-bad{box-shadow:inset 0 0 0 1px var(--ph-danger)}
.ph-att progress{appearance:none;width:100%;height:4px;border:0;border-radius:2px;overflow:hidden;background:var(--ph-line)}
.ph-att progress::-webkit-progress-bar{background:var(--ph-line)}
.ph-att progress::-webkit-progress-value{background:var(--ph-accent)}
.ph-att progress::-moz-progress-bar{background:var(--ph-accent)}
.ph-att-x{flex:none;width:36px;height:36px;border-radius:50%;background:none;display:grid;place-items:center;color:var(--ph-muted)}
.ph-att-x:hover{background:var(--ph-line);color:var(--ph-fg)}
.ph-att-x svg{width:18px;height:18px;stroke-width:2.4}
`
