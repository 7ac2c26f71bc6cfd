import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ToolButton } from '#client/components/feedback/tool-button'
import { collectRequestErrors, collectWindowErrorsOnce } from '../collect.ts'
import { useErrorEntries } from '../error-store.ts'
import { startSendingErrors } from '../send-errors.ts'
import { ErrorLogDialog } from './error-log-dialog.tsx'
import './error-log.css'

// window errors are collected from the moment the staff area's code loads, before the header mounts
collectWindowErrorsOnce()
// and sent on to the server when the log setting includes this mode (SPEC §8)
startSendingErrors()

/**
 * The header button with the number of collected errors (SPEC §2): window errors, and rejected
 * API calls while it is mounted. With nothing logged (at start, or after Clear) it is hidden.
 */
export function ErrorLogButton() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const entries = useErrorEntries()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => collectRequestErrors(queryClient), [queryClient])

  if (entries.length === 0 && !open) return null
  const count = entries.length
  return (
    <>
      {count > 0 ? (
        <ToolButton ref={button} label={t`Error log (${count})`} icon="bug" count={count} expanded={open} testId="error-log-button" onClick={() => setOpen(true)} />
      ) : null}
      <ErrorLogDialog open={open} onClose={() => setOpen(false)} entries={entries} />
    </>
  )
}
