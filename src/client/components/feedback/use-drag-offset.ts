import { useRef, useState, type PointerEvent } from 'react'

/**
 * Dragging a dialog by its header (SPEC §9 "draggable dialog headers"): returns the offset to
 * apply and the pointer handler for the header. Clicks on buttons in the header still work;
 * the dialog cannot be dragged further than its header staying on screen.
 */
export function useDragOffset() {
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const start = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null)

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return
    start.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y }
    const header = e.currentTarget
    header.setPointerCapture?.(e.pointerId)
    const move = (ev: globalThis.PointerEvent) => {
      const s = start.current
      if (!s) return
      const limitX = window.innerWidth / 2
      const limitY = window.innerHeight / 2 - 24
      setOffset({
        x: Math.max(-limitX, Math.min(limitX, s.ox + ev.clientX - s.x)),
        y: Math.max(-limitY, Math.min(limitY, s.oy + ev.clientY - s.y)),
      })
    }
    const up = () => {
      start.current = null
      header.removeEventListener('pointermove', move)
      header.removeEventListener('pointerup', up)
      header.removeEventListener('pointercancel', up)
    }
    header.addEventListener('pointermove', move)
    header.addEventListener('pointerup', up)
    header.addEventListener('pointercancel', up)
  }
  return { offset, onPointerDown, reset: () => setOffset({ x: 0, y: 0 }) }
}
