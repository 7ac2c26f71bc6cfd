import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet, useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { getLogout } from '#client/features/auth/api/get-logout'
import { useUserInfo } from '#client/features/auth/api/get-user-info'
import { resetSession } from '#client/features/auth/stores/reset-session'
import { LanguageSwitch } from '#client/features/site/components/language-switch'
import './staff.css'

/** Staff frame: logo to /admin/index, user, language switch, log out; the full shell comes with the shell issue. */
export function StaffLayout() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: me } = useUserInfo()
  const logout = async () => {
    await getLogout()
    resetSession(queryClient)
    await navigate({ to: '/login', replace: true })
  }
  return (
    <div className="staff">
      <header className="staff-header">
        <Link to="/admin/index" className="staff-logo">
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span><Trans>Forgeline back-office</Trans></span>
        </Link>
        <span className="staff-user" data-testid="staff-user">{me.RealName || me.LoginName}</span>
        <LanguageSwitch />
        <button type="button" className="staff-logout" onClick={() => void logout()} aria-label={t`Log out`}>
          <Trans>Log out</Trans>
        </button>
      </header>
      <main className="staff-main">
        <Outlet />
      </main>
    </div>
  )
}
