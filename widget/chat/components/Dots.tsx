/** Three animated dots (still when reduced motion is asked for): something is on its way. */
export function Dots() {
  return (
    <span class="ph-dots" aria-hidden="true">
      <i />
      <i />
      <i />
    </span>
  )
}
