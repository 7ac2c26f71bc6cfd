import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { ToolButton } from '#client/components/feedback/tool-button'
import { SearchDialog } from './search-dialog.tsx'
import './search.css'

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
      <ToolButton ref={button} label={t`Search`} icon="search" control="search" expanded={open} testId="search-button" onClick={() => setOpen(true)} />
      {open ? <SearchDialog open={open} onClose={close} /> : null}
    </>
  )
}
