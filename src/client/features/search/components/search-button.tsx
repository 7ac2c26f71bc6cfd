import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useRef, useState } from 'react'
import { ToolButton } from '#client/components/feedback/tool-button'
import './search.css'

// loaded with the first search, not with the staff shell
const SearchDialog = lazy(() =>
  import('./search-dialog.tsx').then((m) => ({ default: m.SearchDialog })),
)

/** Header search control (SPEC §2); the theme's "search" setting shows or hides it. */
export function SearchButton() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  return (
    <>
      <ToolButton
        ref={button}
        label={t`Search`}
        icon="search"
        control="search"
        expanded={open}
        testId="search-button"
        onClick={() => setOpen(true)}
      />
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}
