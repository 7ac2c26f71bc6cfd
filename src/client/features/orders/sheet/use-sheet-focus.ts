import { useEffect, useRef } from 'react'

/**
 * Focus and Escape for the sheet and the Scan dialog, which cover the page: the dialog takes the
 * focus when it opens, Escape closes it, and the focus goes back to the control that opened it.
 * (Like components/feedback/use-dialog-focus, kept here so these lazy chunks share nothing new
 * with the staff shell and the grid, whose size budgets they would grow.)
 */
export function useSheetFocus<T extends HTMLElement>(onClose: () => void) {
  const box = useRef<T>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    const opener = document.activeElement
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      e.preventDefault()
      close.current()
    }
    document.addEventListener('keydown', onKey)
    box.current?.focus()
    return () => {
      document.removeEventListener('keydown', onKey)
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body)
        opener.focus()
    }
  }, [])
  return box
}
