import { useEffect, useState, type RefObject } from 'react'

/** How many rows the toolbar's wrapped items take: the distinct tops of its children. */
export function countRows(tops: readonly number[]): number {
  return Math.max(1, new Set(tops.map((x) => Math.round(x))).size)
}

/** Rows of a wrapping toolbar, kept up to date as it resizes (SPEC §9: 60 px less table per extra row). */
export function useToolbarRows(ref: RefObject<HTMLElement | null>): number {
  const [rows, setRows] = useState(1)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const measure = () =>
      setRows(countRows([...el.children].map((c) => (c as HTMLElement).offsetTop)))
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    measure()
    return () => observer.disconnect()
  }, [ref])
  return rows
}
