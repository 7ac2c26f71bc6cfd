import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { can, subjectOf, type Requirement } from '#shared/acl'
import { ordersPermission } from '#shared/permissions'
import { ApiError } from '#client/lib/http'
import { useUnreadCount } from '../api/get-unread-count.ts'
import { useNewVisitorMessages } from '../api/get-new-visitor-messages.ts'
import { usePendingOrders } from '../api/get-pending-orders.ts'
import { useAccountsWithoutRole } from '../api/get-accounts-without-role.ts'
import { AwaitingRole } from './awaiting-role.tsx'
import { greetingPeriod, greetingText } from '../greeting.ts'
import { QuickLinks } from './quick-links.tsx'
import { StatCard } from './stat-card.tsx'
import './dashboard.css'

/** Who may read visitor messages: the permission `Leaving/GetList` checks (content staff; admin passes). */
export const visitorMessagesRequirement: Requirement = { ability: ['CONTENT'] }

export type DashboardUser = { name: string; role: string; abilities: readonly string[] }

/** The hour now, kept current while the page stays open. */
function useHour(): number {
  const [hour, setHour] = useState(() => new Date().getHours())
  useEffect(() => {
    const t = setInterval(() => setHour(new Date().getHours()), 60_000)
    return () => clearInterval(t)
  }, [])
  return hour
}

/**
 * /admin/index (SPEC §2 admin home): a greeting by hour with the user's name, the unread
 * notices, orders pending audit and new visitor messages for those who may see them, and
 * quick links.
 */
export function DashboardPage({
  user,
  canOpen,
}: {
  user: DashboardUser
  canOpen: (path: string) => boolean
}) {
  const { t, i18n } = useLingui()
  const greeting = i18n._(greetingText[greetingPeriod(useHour())])
  const name = user.name
  const unread = useUnreadCount()
  const mayReadVisitors =
    can(subjectOf(user.role, user.abilities), visitorMessagesRequirement) &&
    canOpen('/admin/leaving')
  const visitors = useNewVisitorMessages(mayReadVisitors)
  const visitorsDenied = visitors.error instanceof ApiError && visitors.error.code === 403
  const maySeeOrders =
    can(subjectOf(user.role, user.abilities), ordersPermission) && canOpen('/order/order')
  const pending = usePendingOrders(maySeeOrders)
  const mayManageUsers = user.role === 'admin' && canOpen('/system/user')
  const withoutRole = useAccountsWithoutRole(mayManageUsers)

  return (
    <section className="dash" data-testid="dashboard">
      <h1 className="dash-greeting" data-testid="dashboard-greeting">
        {t`${greeting}, ${name}`}
      </h1>
      {user.role === '' ? <AwaitingRole /> : null}
      <div className="dash-cards">
        {canOpen('/workbench') ? (
          <StatCard
            label={<Trans>Unread notices</Trans>}
            value={unread.data}
            to="/workbench"
            loading={unread.isPending}
            testId="dash-unread"
          />
        ) : null}
        {maySeeOrders ? (
          <StatCard
            label={<Trans>Orders pending audit</Trans>}
            value={pending.data}
            to="/order/order"
            loading={pending.isPending}
            testId="dash-pending-orders"
          />
        ) : null}
        {mayReadVisitors && !visitorsDenied ? (
          <StatCard
            label={<Trans>New visitor messages</Trans>}
            value={visitors.data}
            to="/admin/leaving"
            loading={visitors.isPending}
            testId="dash-visitors"
          />
        ) : null}
        {mayManageUsers ? (
          <StatCard
            label={<Trans>Accounts waiting for a role</Trans>}
            value={withoutRole.data}
            to="/system/user"
            loading={withoutRole.isPending}
            testId="dash-without-role"
          />
        ) : null}
      </div>
      <QuickLinks canOpen={canOpen} />
    </section>
  )
}
