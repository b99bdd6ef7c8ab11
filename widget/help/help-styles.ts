// The Help view's, the reader's and the suggestions' styles: adopted when the help chunk
// loads (one rule per line; the build drops the line breaks). Light and dark through the
// window's variables; logical properties, so right to left needs no rule of its own.
export const HELP_CSS = `
.ph-help-view{flex:1;min-height:0;display:flex;flex-direction:column}
.ph-header [aria-pressed=true]{background:#fff3}
.ph-help{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:14px 16px 18px;display:flex;flex-direction:column;gap:10px;background:var(--ph-bg);color:var(--ph-fg)}
.ph-help h2{margin:0;font-size:17px;font-weight:650;line-height:1.3;outline:none}
.ph-help h3{margin:6px 0 0;font-size:12.5px;font-weight:650;text-transform:uppercase;letter-spacing:.04em;color:var(--ph-muted)}
.ph-help-search{font:inherit;font-size:16px;color:var(--ph-fg);background:var(--ph-soft);border:1px solid transparent;border-radius:14px;padding:10px 14px;width:100%}
.ph-help-search:focus{outline:none;border-color:var(--ph-accent);background:var(--ph-bg);box-shadow:0 0 0 3px color-mix(in srgb,var(--ph-accent) 35%,transparent)}
.ph-help-status{margin:0;font-size:13px;color:var(--ph-muted)}
.ph-help-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.ph-help-item{width:100%;text-align:start;font:inherit;color:inherit;background:var(--ph-bg);border:1px solid var(--ph-line);border-radius:14px;padding:10px 14px;display:flex;flex-direction:column;gap:3px;cursor:pointer}
.ph-help-item:hover{border-color:var(--ph-accent)}
.ph-help-item:focus-visible{outline:2px solid var(--ph-accent);outline-offset:2px}
.ph-help-item b{font-weight:600;font-size:14.5px;overflow-wrap:anywhere}
.ph-help-item span{font-size:13px;color:var(--ph-muted);display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.ph-help-link{align-self:flex-start;border:0;background:none;padding:4px 0;font:inherit;font-size:14px;font-weight:600;color:var(--ph-fg);cursor:pointer;text-decoration:underline;text-underline-offset:3px}
.ph-help-link:focus-visible,.ph-help a:focus-visible,.ph-help button:focus-visible{outline:2px solid var(--ph-accent);outline-offset:2px}
.ph-help-back{display:inline-flex;align-items:center;gap:4px;text-decoration:none}
.ph-help-back svg{width:16px;height:16px;stroke:currentColor;fill:none;stroke-width:2}
[dir=rtl] .ph-help-back svg{transform:scaleX(-1)}
.ph-article-body{font-size:14.5px;line-height:1.55;overflow-wrap:anywhere}
.ph-article-body h2,.ph-article-body h3,.ph-article-body h4,.ph-article-body h5,.ph-article-body h6{margin:16px 0 6px;font-size:15px;font-weight:650;text-transform:none;letter-spacing:0;color:var(--ph-fg)}
.ph-article-body p,.ph-article-body ul,.ph-article-body ol,.ph-article-body blockquote,.ph-article-body pre{margin:0 0 10px}
.ph-article-body ul,.ph-article-body ol{padding-inline-start:22px}
.ph-article-body li{margin:3px 0}
.ph-article-body a{color:var(--ph-fg);text-underline-offset:2px}
.ph-article-body img{max-width:100%;height:auto;border-radius:8px}
.ph-article-body code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;background:var(--ph-soft);padding:1px 4px;border-radius:4px}
.ph-article-body pre{background:var(--ph-soft);padding:10px 12px;border-radius:10px;overflow-x:auto;text-align:left}
.ph-article-body pre code{background:none;padding:0}
.ph-article-body blockquote{padding-inline-start:12px;border-inline-start:3px solid var(--ph-line);color:var(--ph-muted)}
.ph-article-body hr{border:0;border-top:1px solid var(--ph-line);margin:14px 0}
.ph-article-table{overflow-x:auto;margin:0 0 10px}
.ph-article-table table{border-collapse:collapse;font-size:13.5px;min-width:100%}
.ph-article-table th,.ph-article-table td{border:1px solid var(--ph-line);padding:6px 8px;text-align:start;vertical-align:top}
.ph-article-table th{background:var(--ph-soft);font-weight:600}
.ph-feedback{margin-top:6px;padding:12px 14px;border-radius:14px;background:var(--ph-soft);display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.ph-feedback p{margin:0;flex-basis:100%;font-size:14px;font-weight:600}
.ph-feedback button{font:inherit;font-size:14px;border-radius:999px;padding:7px 16px;border:1px solid var(--ph-line);background:var(--ph-bg);color:var(--ph-fg);cursor:pointer}
.ph-feedback .ph-primary{background:var(--ph-accent);border-color:var(--ph-accent);color:var(--ph-on-accent)}
.ph-suggest-slot{display:contents}
.ph-suggest{flex:0 1 auto;min-height:0;max-height:45%;overflow-y:auto;overscroll-behavior:contain;padding:8px 12px;border-top:1px solid var(--ph-line);background:var(--ph-bg);display:flex;flex-direction:column;gap:6px}
.ph-suggest-head{display:flex;align-items:center;justify-content:space-between;font-size:12.5px;font-weight:600;color:var(--ph-muted)}
.ph-suggest-head button{width:28px;height:28px;border-radius:8px}
.ph-suggest-head svg{width:16px;height:16px}
.ph-suggest>*{flex:none}
.ph-suggest .ph-help-item{padding:7px 12px}
@media (max-height:560px){.ph-suggest .ph-help-item span{display:none}}
`
