import { useLingui } from '@lingui/react/macro'
import { derivedFrom } from '#shared/derived-fields'
import { useGridPermissions } from '#client/features/auth/components/permission'

/**
 * Under a role's permission strings: which computed fields go with the columns they hide
 * (derived-fields.ts), e.g. `column-UnitPrice-show-false` also hides TotalSum, since the total
 * divided by the quantity gives the price back. Nothing when no hidden column has one.
 */
export function DerivedHiddenNote({ strings }: { strings: readonly string[] }) {
  const { t } = useLingui()
  // the hook the grid reads them with
  const perms = useGridPermissions(strings)
  const lines = perms.hiddenColumns
    .map((source) => ({ source, derived: derivedFrom(source).join(', ') }))
    .filter((l) => l.derived)
  if (lines.length === 0) return null
  return (
    <ul className="sys-hint" data-testid="derived-hidden-note" aria-live="polite">
      {lines.map(({ source, derived }) => (
        <li key={source}>{t`Hiding ${source} also hides ${derived}`}</li>
      ))}
    </ul>
  )
}
