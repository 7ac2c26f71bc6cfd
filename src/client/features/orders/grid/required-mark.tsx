/** The * after the label of a required grid field (`#shared/contract/grid-required`), like the forms' mark. */
export function RequiredMark() {
  return (
    <span className="grid-required" aria-hidden="true" data-required-mark="">
      *
    </span>
  )
}
