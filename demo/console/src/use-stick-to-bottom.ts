import type { RefObject } from 'preact'
import { useEffect, useRef } from 'preact/hooks'

const NEAR_BOTTOM_PX = 120

/**
 * Keeps a scrolling thread at its newest message while the agent is at the bottom,
 * also when images load later; leaves it alone while they read older messages.
 */
export function useStickToBottom(
  container: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  resetKey: string,
): void {
  const stuck = useRef(true)

  useEffect(() => {
    const box = container.current
    const inner = content.current
    if (!box || !inner) return
    stuck.current = true
    const toBottom = () => {
      if (stuck.current) box.scrollTop = box.scrollHeight
    }
    const onScroll = () => {
      stuck.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX
    }
    const observer = new ResizeObserver(toBottom)
    observer.observe(inner)
    box.addEventListener('scroll', onScroll, { passive: true })
    toBottom()
    return () => {
      observer.disconnect()
      box.removeEventListener('scroll', onScroll)
    }
  }, [container, content, resetKey])
}
