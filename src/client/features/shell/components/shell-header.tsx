import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { LanguageSwitch } from '#client/components/language-switch'
import { AvatarMenu, type ShellUser } from './avatar-menu.tsx'
import { FullscreenButton, RefreshButton, ThemeButton } from './header-buttons.tsx'
import { HorizontalMenu, TopLevelMenu } from './horizontal-menu.tsx'
import { RecentPages } from './recent-pages.tsx'
import { ShellBreadcrumb } from './shell-breadcrumb.tsx'
import { useShell } from './shell-context.ts'
import { ShellIcon } from './shell-icon.tsx'
import { ShellLogo } from './shell-logo.tsx'

/** Fold toggle: folds the sidebar on wide screens, opens the menu drawer on phones. */
function FoldToggle() {
  const { t } = useLingui()
  const { isMobile, collapsed, setCollapsed, setDrawerOpen } = useShell()
  if (isMobile) {
    return (
      <button
        type="button"
        className="shell-tool shell-fold"
        aria-label={t`Open menu`}
        data-testid="shell-fold"
        onClick={() => setDrawerOpen(true)}
      >
        <ShellIcon name="menu" />
      </button>
    )
  }
  return (
    <button
      type="button"
      className="shell-tool shell-fold"
      aria-label={collapsed ? t`Unfold the sidebar` : t`Fold the sidebar`}
      aria-pressed={collapsed}
      data-testid="shell-fold"
      onClick={() => setCollapsed(!collapsed)}
    >
      <ShellIcon name={collapsed ? 'unfold' : 'fold'} />
    </button>
  )
}

/**
 * Header of the staff shell (SPEC §2): fold toggle, breadcrumb or horizontal menu by layout, and
 * the tools: notices and other actions of the page owner, recent pages (phones), refresh, full
 * screen, language, theme settings, avatar menu.
 */
export function ShellHeader({
  user,
  onLogout,
  headerActions,
}: {
  user: ShellUser
  onLogout: () => Promise<void>
  headerActions?: ReactNode
}) {
  const { layout, isMobile, theme } = useShell()
  const logoInHeader =
    isMobile || layout === 'horizontal' || layout === 'comprehensive' || layout === 'common'
  return (
    <header className="staff-header shell-header" data-testid="shell-header">
      {layout !== 'horizontal' ? <FoldToggle /> : null}
      {logoInHeader ? <ShellLogo compact={isMobile} /> : null}
      {layout === 'horizontal' ? <HorizontalMenu /> : null}
      {layout === 'comprehensive' ? <TopLevelMenu /> : null}
      {!isMobile && (layout === 'vertical' || layout === 'column' || layout === 'common') ? (
        <ShellBreadcrumb />
      ) : null}
      <div className="shell-tools">
        {headerActions}
        {isMobile && theme.showTabs ? <RecentPages /> : null}
        {theme.showRefresh ? <RefreshButton /> : null}
        {theme.showFullScreen && !isMobile ? <FullscreenButton /> : null}
        {theme.showLanguage ? <LanguageSwitch className="shell-tool shell-lang" /> : null}
        <ThemeButton />
        <AvatarMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  )
}
