import { useEffect, useRef, useState } from 'react'

/**
 * How far (px) a finger must pull a page down, from its top, for releasing it to refresh. A
 * 240 px pull is well past it; a short flick or a scroll is not.
 */
export const pullRefreshThreshold = 70
/** The indicator follows the finger at half its speed, up to this far. */
const maxShift = 90

export type PullStatus = 'idle' | 'pulling' | 'canRelease' | 'refreshing'

/** Inside a dialog, a sheet or a scrolled box a pull belongs to that, not to the page. */
function pullsThePage(target: EventTarget | null): boolean {
  if (window.scrollY > 0) return false
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) {
    if (el.matches('.adm-popup, .adm-center-popup, .adm-mask, [role="dialog"]')) return false
    if (el.scrollTop > 0) return false
  }
  return true
}

/**
 * Pull-to-refresh of a whole page. The listeners are on the document in the capture phase, so
 * what a card does with the same touches (swipe to delete, tap to open) cannot swallow the
 * pull; a mostly sideways move is a swipe and cancels it.
 */
export function usePagePull(enabled: boolean, onRefresh: () => Promise<void>) {
  const [status, setStatus] = useState<PullStatus>('idle')
  const [shift, setShift] = useState(0)
  const refresh = useRef(onRefresh)
  useEffect(() => {
    refresh.current = onRefresh
  })

  useEffect(() => {
    if (!enabled) return
    let start: { x: number; y: number } | null = null
    let distance = 0
    const reset = () => {
      start = null
      distance = 0
      setShift(0)
    }
    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0]
      start =
        e.touches.length === 1 && touch && pullsThePage(e.target)
          ? { x: touch.clientX, y: touch.clientY }
          : null
      distance = 0
    }
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0]
      if (!start || !touch) return
      const dx = touch.clientX - start.x
      const dy = touch.clientY - start.y
      if (Math.abs(dx) > Math.abs(dy) && Math.abs(dx) > 10) return reset()
      distance = Math.max(0, dy)
      setShift(Math.min(maxShift, distance / 2))
      setStatus(
        distance === 0 ? 'idle' : distance >= pullRefreshThreshold ? 'canRelease' : 'pulling',
      )
    }
    const onEnd = () => {
      const go = start !== null && distance >= pullRefreshThreshold
      reset()
      if (!go) return setStatus('idle')
      setStatus('refreshing')
      void refresh.current().finally(() => setStatus('idle'))
    }
    const options = { capture: true, passive: true }
    document.addEventListener('touchstart', onStart, options)
    document.addEventListener('touchmove', onMove, options)
    document.addEventListener('touchend', onEnd, options)
    document.addEventListener('touchcancel', reset, options)
    return () => {
      document.removeEventListener('touchstart', onStart, options)
      document.removeEventListener('touchmove', onMove, options)
      document.removeEventListener('touchend', onEnd, options)
      document.removeEventListener('touchcancel', reset, options)
    }
  }, [enabled])

  return { status, shift }
}
