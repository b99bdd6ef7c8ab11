// The loader's styles (launcher, badge, the window's frame until the chat's is in:
// window-shell.ts; the invitation's are in invite-styles.ts). Adopted as a constructable
// stylesheet: no <style> element, so a CSP without 'unsafe-inline' works.
// Light and dark come from light-dark() and the frame's color-scheme (set from the
// `theme` setting by applyLook in start.ts), and --ph-x/--ph-y are the `offsets`.
// The side is logical (inset-inline): on a right-to-left page the widget mirrors, and the
// launcher stays where it is while the window opens beside it.
// :host is !important because a page rule like `* { all: unset }` beats a normal :host
// rule and would let the page's inherited text styles (letter-spacing, text-transform,
// text-indent…) into the widget; an !important :host rule beats every page rule.
export const LOADER_CSS = `
:host{all:initial!important}
*,::before,::after{box-sizing:border-box}
[hidden]{display:none!important}
.ph-frame{--ph-bg:light-dark(#fff,#1c1f26);--ph-fg:light-dark(#16181d,#eceff4);--ph-muted:light-dark(#5d6470,#a4acb9);
position:fixed;z-index:2147483000;bottom:max(var(--ph-y),env(safe-area-inset-bottom));inset-inline-end:max(var(--ph-x),env(safe-area-inset-right));
display:flex;flex-direction:column;align-items:flex-end;gap:12px;font:15px/1.45 system-ui;color:var(--ph-fg)}
.ph-bottom-left{inset-inline:max(var(--ph-x),env(safe-area-inset-left)) auto;align-items:flex-start}
button{font:inherit;color:inherit;cursor:pointer;border:0}
:focus-visible{outline:3px solid var(--ph-accent);outline-offset:2px}
.ph-launcher{order:3;position:relative;width:60px;height:60px;border-radius:50%;background:var(--ph-accent);color:var(--ph-on-accent);display:grid;place-items:center;box-shadow:0 6px 20px #0004}
.ph-launcher:focus-visible{outline-color:var(--ph-fg)}
svg{width:28px;height:28px;fill:none;stroke:currentColor;stroke-width:2.2;stroke-linecap:round}
.ph-icon-chat{fill:currentColor;stroke:none}
.ph-open .ph-icon-chat,:not(.ph-open)>.ph-icon-close{display:none}
.ph-badge,.ph-dot{position:absolute;border-radius:11px;box-shadow:0 0 0 2px var(--ph-bg)}
.ph-badge{top:-4px;right:-4px;min-width:22px;padding:0 6px;background:#d93025;color:#fff;font:700 12px/22px system-ui}
.ph-dot{bottom:3px;right:3px;width:13px;height:13px;background:#34a853}
.ph-offline .ph-dot{background:#9aa0a6}
.ph-shell{order:1;width:380px;height:min(640px,80vh);display:flex;flex-direction:column;background:var(--ph-bg);border-radius:20px;box-shadow:0 18px 50px #0004;overflow:hidden}
.ph-shell .ph-header{padding:21px 18px;background:var(--ph-accent);color:var(--ph-on-accent)}
.ph-shell .ph-log{flex:1;padding:72px 18px;font:650 19px/1.3 system-ui}
.ph-shell .ph-input{margin:12px;min-height:44px;font:16px system-ui;color:inherit;background:none;border:1px solid var(--ph-accent);border-radius:14px;padding:10px 14px;resize:none}
@media (max-width:479px){.ph-shell{position:fixed;inset:0;width:auto;height:auto;border-radius:0}.ph-shell~*{display:none}}
`

/** A constructable stylesheet from CSS text. */
export function styleSheet(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  return sheet
}
