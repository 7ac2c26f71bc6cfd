import { useEffect, useRef } from 'react'

const focusable =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

/** Open dialogs, innermost last: Escape closes only the one on top. */
const stack: { close: () => void }[] = []

/**
 * Keyboard behaviour antd-mobile's Popup lacks (WCAG 2.1.2, 2.4.3): while `open`, focus moves
 * into the dialog, Escape closes the top-most dialog, and on closing the focus goes back to the
 * control that opened it. Attach the returned ref to the dialog's content.
 */
export function useDialogFocus<T extends HTMLElement>(open: boolean, onClose: () => void) {
  const box = useRef<T>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    if (!open) return
    const opener = document.activeElement
    const entry = { close: () => close.current() }
    stack.push(entry)
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || stack.at(-1) !== entry) return
      e.preventDefault()
      entry.close()
    }
    document.addEventListener('keydown', onKey)
    // the content mounts with the popup, a frame after `open`
    const frame = requestAnimationFrame(() => {
      const el = box.current
      if (el && !el.contains(document.activeElement))
        (el.querySelector<HTMLElement>(focusable) ?? el).focus()
    })
    return () => {
      cancelAnimationFrame(frame)
      document.removeEventListener('keydown', onKey)
      stack.splice(stack.indexOf(entry), 1)
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body)
        opener.focus()
    }
  }, [open])
  return box
}
