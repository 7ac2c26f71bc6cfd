import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useCallback, useMemo } from 'react'
import { useUserInfo } from '#client/features/auth/api/get-user-info'
import { DashboardPage } from '#client/features/dashboard/components/dashboard-page'
import { useUserMenu } from '#client/features/shell/api/get-user-menu-list'
import { pagePaths } from '#client/features/shell/menu-tree'

export const Route = createFileRoute('/_staff/admin/index')({
  staticData: { title: msg`Admin home` },
  component: function AdminIndexRoute() {
    const { data: me } = useUserInfo()
    const menu = useUserMenu()
    const paths = useMemo(() => pagePaths(menu), [menu])
    // without a menu (offline, no copy) every link shows; the guard still decides on open
    const canOpen = useCallback((path: string) => paths.size === 0 || paths.has(path), [paths])
    const user = { name: me.RealName || me.LoginName, role: me.Role, abilities: me.Abilities }
    return <DashboardPage user={user} canOpen={canOpen} />
  },
})
