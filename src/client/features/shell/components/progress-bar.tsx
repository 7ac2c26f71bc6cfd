import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useSyncExternalStore } from 'react'

/** SPEC §9: progress bar speed (ms). */
export const progressSpeed = 500

let running = 0
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** Starts and finishes the bar outside navigation (e.g. the refresh control). */
export const progress = {
  start() {
    running += 1
    emit()
  },
  done() {
    running = Math.max(0, running - 1)
    emit()
  },
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
const isRunning = () => running > 0

/** Thin bar at the top while a navigation (or a refresh) is under way, when the setting is on. */
export function ProgressBar({ enabled }: { enabled: boolean }) {
  const navigating = useRouterState({ select: (s) => s.status === 'pending' })
  const manual = useSyncExternalStore(subscribe, isRunning, () => false)
  const busy = enabled && (navigating || manual)
  const bar = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = bar.current
    if (!busy || !el) return
    let value = 0.08
    el.style.transition = 'none'
    el.style.opacity = '1'
    el.style.transform = `scaleX(${value})`
    const timer = setInterval(() => {
      value += (0.92 - value) * 0.12
      el.style.transition = `transform ${progressSpeed}ms ease`
      el.style.transform = `scaleX(${value})`
    }, 200)
    return () => {
      clearInterval(timer)
      el.style.transition = `transform ${progressSpeed}ms ease, opacity ${progressSpeed}ms ease ${progressSpeed / 2}ms`
      el.style.transform = 'scaleX(1)'
      el.style.opacity = '0'
    }
  }, [busy])

  return (
    <div
      ref={bar}
      className="shell-progress"
      data-testid="shell-progress"
      data-busy={busy || undefined}
      aria-hidden="true"
    />
  )
}
