import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { atBase } from '#client/lib/base-url'

/** SPEC §2: the logo links to /admin/index in the admin area. */
export function ShellLogo({
  compact = false,
  onNavigate,
}: {
  compact?: boolean
  onNavigate?: () => void
}) {
  return (
    <Link
      to="/admin/index"
      className={`shell-logo${compact ? ' is-compact' : ''}`}
      data-testid="shell-logo"
      onClick={onNavigate}
    >
      <img src={atBase('/logo.svg')} alt="" width={28} height={28} />
      <span className="shell-logo-text">
        <Trans>Forgeline back-office</Trans>
      </span>
    </Link>
  )
}
