import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import type { MenuItem } from '#shared/contract/menu'
import { ToolButton } from '#client/components/feedback/tool-button'
import { useUserMenu } from '#client/features/shell/api/get-user-menu-list'
import { pagePaths } from '#client/features/shell/menu-tree'

// the camera, the QR reader and their texts load when Scan is tapped, not with the staff shell
const ScanDialog = lazy(() =>
  import('./sheet/sheet-and-scan.ts').then((m) => ({ default: m.ScanDialog })),
)

/** The screen a scanned order opens in: Scan is offered only to users whose menu holds it. */
export const scanTarget = '/order/order'
export const mayScan = (menu: readonly MenuItem[]) => pagePaths(menu).has(scanTarget)

/**
 * Header Scan action: reads an order sheet's QR code (or a typed order number) and opens the
 * order. Only for users who may open the order screen; nothing (no room taken) for others.
 */
export function ScanButton() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const allowed = mayScan(useUserMenu())
  if (!allowed) return null
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
