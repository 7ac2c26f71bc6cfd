import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { ToolButton } from '#client/components/feedback/tool-button'
import { collectRequestErrors, collectWindowErrorsOnce } from '../collect.ts'
import { useErrorEntries } from '../error-store.ts'
import { startSendingErrors } from '../send-errors.ts'
import './error-log.css'

// loaded with the first look at the log, not with the staff shell
const ErrorLogDialog = lazy(() =>
  import('./error-log-dialog.tsx').then((m) => ({ default: m.ErrorLogDialog })),
)

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
  // once opened, the dialog stays mounted (its closing animation)
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => collectRequestErrors(queryClient), [queryClient])

  if (entries.length === 0 && !open) return null
  const count = entries.length
  return (
    <>
      {count > 0 ? (
        <ToolButton
          ref={button}
          label={t`Error log (${count})`}
          icon="bug"
          count={count}
          expanded={open}
          testId="error-log-button"
          onClick={() => {
            setUsed(true)
            setOpen(true)
          }}
        />
      ) : null}
      {used ? (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} entries={entries} />
        </Suspense>
      ) : null}
    </>
  )
}
