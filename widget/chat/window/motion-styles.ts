// Motion, with transform and opacity only (the compositor runs them: no layout, 60 fps on
// a phone), and none at all under prefers-reduced-motion. A message grows into place from
// its foot rather than sliding up: a slide from below would add to the list's scrollable
// height while it runs, and the list that follows the bottom would stop short of it. A message that arrives while the
// window shows enters (.ph-enter: components/arrivals.ts; its rule comes with the list,
// components/list-styles.ts); the launcher's icon turns as
// the window opens and closes. The launcher's rule is here, in the chat's styles, not the
// loader's: the window exists only with this chunk, and the bytes before engagement stay
// as they are. It applies from the window's first open (its slot is the launcher's
// sibling), so the chat icon does not turn while the page loads.
export const MOTION_CSS = `
@media (prefers-reduced-motion:no-preference){
.ph-window-slot~.ph-launcher svg{animation:ph-turn .24s cubic-bezier(.2,.8,.3,1)}}
@keyframes ph-turn{from{opacity:0;transform:rotate(-90deg) scale(.5)}}
`
