import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { atBase } from '#client/lib/base-url'

/**
 * SPEC §2: the logo links to /admin/index in the admin area. In an open sidebar (the vertical
 * layout's and the phone's menu drawer) it is SPEC §9's 170x80 logo: the mark and the name in a
 * 170x80 box; folded, in the column tabs and in headers it stays the 28 px mark.
 */
export function ShellLogo({
  compact = false,
  sidebar = false,
  onNavigate,
}: {
  compact?: boolean
  sidebar?: boolean
  onNavigate?: () => void
}) {
  const large = sidebar && !compact
  return (
    <Link
      to="/admin/index"
      className={`shell-logo${compact ? ' is-compact' : ''}${large ? ' is-sidebar' : ''}`}
      data-testid="shell-logo"
      onClick={onNavigate}
    >
      <img src={atBase('/logo.svg')} alt="" width={large ? 48 : 28} height={large ? 48 : 28} />
      <span className="shell-logo-text">
        <Trans>Forgeline back-office</Trans>
      </span>
    </Link>
  )
}
