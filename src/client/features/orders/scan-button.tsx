import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { ToolButton } from '#client/components/feedback/tool-button'

// the camera, the QR reader and their texts load when Scan is tapped, not with the staff shell (issue 34)
const ScanDialog = lazy(() =>
  import('./sheet/sheet-and-scan.ts').then((m) => ({ default: m.ScanDialog })),
)

/** Header Scan action: reads an order sheet's QR code (or a typed order number) and opens the order. */
export function ScanButton() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      <ToolButton
        label={t`Scan`}
        icon="scan"
        expanded={open}
        testId="scan-button"
        onClick={() => setOpen(true)}
      />
      {open ? (
        <Suspense fallback={null}>
          <ScanDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
