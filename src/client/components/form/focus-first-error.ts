import { useCallback, useEffect, useRef, useState } from 'react'

/** What marks a field in error in our forms: the row's class, antd-mobile's, the input's state, a staff form's message. */
const errorMarks = '.has-error, .adm-form-item-has-error, [aria-invalid="true"], .sys-error'
const inputs =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])'
const others = 'button:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Scrolls the first field in error of `root` (document order) to the middle of the screen and
 * focuses its input (a failed submit of a long form left the user at its bottom).
 * Answers the focused element, or null when no field is marked.
 */
export function focusFirstError(root: ParentNode | null | undefined): HTMLElement | null {
  const mark = root?.querySelector<HTMLElement>(errorMarks)
  if (!mark) return null
  const field = mark.matches(inputs)
    ? mark
    : (mark.closest<HTMLElement>('label, .adm-form-item, .grid-form-row') ?? mark)
  const target = field.matches(inputs)
    ? field
    : (field.querySelector<HTMLElement>(inputs) ?? field.querySelector<HTMLElement>(others))
  field.scrollIntoView({ block: 'center' })
  target?.focus({ preventScroll: true })
  return target ?? field
}

/**
 * focusFirstError once the marks are drawn: tries again for a few frames while no field is
 * marked yet (state set after an await is drawn a little later). Answers a cancel function.
 */
export function focusFirstErrorSoon(root: () => ParentNode | null | undefined): () => void {
  let frame = 0
  let tries = 0
  const look = () => {
    if (focusFirstError(root()) === null && ++tries < 5) frame = requestAnimationFrame(look)
  }
  look()
  return () => cancelAnimationFrame(frame)
}

/**
 * The form's side of focusFirstError: put `ref` on the form (or an element around it) and call
 * `focusErrors()` where the errors are set; the field is looked up once they are drawn (a form
 * library that draws its marks a little later gets a few more frames).
 */
export function useFocusFirstError<T extends HTMLElement = HTMLElement>() {
  const ref = useRef<T>(null)
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    if (asked === 0) return
    return focusFirstErrorSoon(() => ref.current)
  }, [asked])
  const focusErrors = useCallback(() => setAsked((n) => n + 1), [])
  return { ref, focusErrors }
}
