import { useLingui } from '@lingui/react/macro'
import { Popup } from 'antd-mobile'
import { useAtom } from 'jotai'
import { useMemo, useState, type ReactNode } from 'react'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { useUserMenu } from '../api/get-user-menu-list.ts'
import { activeMenuPath, findTrail, isGroup, menuView } from '../menu-tree.ts'
import { collapseAtom, useTheme } from '../stores/theme-store.ts'
import type { ShellUser } from './avatar-menu.tsx'
import { BackToTop } from './back-to-top.tsx'
import { ColumnMenu } from './column-menu.tsx'
import { KeepAlive } from './keep-alive.tsx'
import { PagePullRefresh } from './page-pull-refresh.tsx'
import { ProgressBar } from './progress-bar.tsx'
import { ShellContext, type Shell } from './shell-context.ts'
import { ShellHeader } from './shell-header.tsx'
import { ShellLogo } from './shell-logo.tsx'
import { SideMenu } from './side-menu.tsx'
import { TabBar } from './tab-bar.tsx'
import { ThemeDrawer } from './theme-drawer.tsx'
import { useCurrentPage } from './use-current-page.ts'
import { useIsMobile } from './use-is-mobile.ts'
import { useVisitedTabs } from './use-visited-tabs.ts'
import './shell.css'
import './shell-menu.css'
import './shell-tabs.css'
import './shell-theme.css'

/** The sidebar of each wide-screen layout (none for horizontal; phones use the drawer). */
function Sidebar({ shell }: { shell: Shell }) {
  const { layout, view, collapsed, activePath } = shell
  if (layout === 'horizontal') return null
  if (layout === 'column') return <ColumnMenu />
  let items = view
  if (layout === 'comprehensive') {
    const top = findTrail(view, activePath)[0] ?? view[0]
    items = top ? (isGroup(top) ? (top.children ?? []) : [top]) : []
  }
  return (
    <aside className="shell-side" data-testid="shell-side">
      {layout === 'vertical' ? <ShellLogo compact={collapsed} sidebar /> : null}
      <SideMenu items={items} collapsed={collapsed} />
    </aside>
  )
}

type Props = {
  user: ShellUser
  onLogout: () => Promise<void>
  /** extra header controls (notice bell, search, error log); mark one with data-shell-control="notice" | "search" so its theme setting shows or hides it */
  headerActions?: ReactNode
}

/**
 * The staff shell (SPEC §2 layout and chrome): five layouts, forced to vertical with a menu
 * drawer below 992 px and restored when wider; server menu; header tools; tab bar of visited
 * pages with keep-alive; theme drawer.
 */
export function StaffLayout({ user, onLogout, headerActions }: Props) {
  const { t } = useLingui()
  const theme = useTheme()
  const isMobile = useIsMobile()
  const [collapsed, setCollapsed] = useAtom(collapseAtom)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [themeOpen, setThemeOpen] = useState(false)
  // the menu drawer belongs to the phone layout: widening closes it
  if (!isMobile && drawerOpen) setDrawerOpen(false)
  const drawerBox = useDialogFocus<HTMLDivElement>(drawerOpen, () => setDrawerOpen(false))
  const menu = useUserMenu()
  const view = useMemo(() => menuView(menu), [menu])
  const page = useCurrentPage()
  const tabs = useVisitedTabs(menu, page)
  const layout = isMobile ? 'vertical' : theme.layout
  const activePath = activeMenuPath(menu, page?.pathname ?? '')

  const shell: Shell = {
    menu,
    view,
    activePath,
    page,
    theme,
    isMobile,
    layout,
    collapsed: !isMobile && collapsed,
    setCollapsed,
    drawerOpen,
    setDrawerOpen,
    openThemeDrawer: () => setThemeOpen(true),
    tabs,
  }

  const classes = [
    'shell',
    `layout-${layout}`,
    `theme-${theme.themeName}`,
    `column-style-${theme.columnStyle}`,
    isMobile ? 'is-mobile' : 'is-desktop',
    shell.collapsed ? 'is-collapsed' : '',
    theme.fixedHeader ? 'has-fixed-header' : '',
    theme.showTabs && !isMobile ? 'has-tabs' : '',
    theme.showNotice ? 'show-notice' : '',
    theme.showSearch ? 'show-search' : '',
  ]
  // common and comprehensive: the header spans the whole width above the sidebar
  const wideTop = layout === 'common' || layout === 'comprehensive'
  const top = (
    <div className="shell-top">
      <ShellHeader user={user} onLogout={onLogout} headerActions={headerActions} />
      {theme.showTabs && !isMobile ? <TabBar /> : null}
    </div>
  )
  return (
    <ShellContext.Provider value={shell}>
      <div className={classes.filter(Boolean).join(' ')} data-testid="shell" data-layout={layout}>
        <a className="shell-skip" href="#shell-main">
          {t`Skip to content`}
        </a>
        <ProgressBar enabled={theme.showProgressBar} />
        {wideTop ? top : null}
        <div className="shell-frame">
          {isMobile ? null : <Sidebar shell={shell} />}
          <div className="shell-body">
            {wideTop ? null : top}
            <main className="shell-main" id="shell-main" tabIndex={-1}>
              <PagePullRefresh enabled={isMobile} onRefresh={tabs.refresh}>
                <KeepAlive tabs={tabs.tabs} page={page} versions={tabs.versions} />
              </PagePullRefresh>
            </main>
          </div>
        </div>
        <BackToTop />
        <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} isMobile={isMobile} />
        {isMobile ? (
          <Popup
            visible={drawerOpen}
            onMaskClick={() => setDrawerOpen(false)}
            onClose={() => setDrawerOpen(false)}
            position="left"
            bodyClassName="shell-drawer"
          >
            <div
              className={`shell-drawer-inner theme-${theme.themeName}`}
              data-testid="shell-drawer"
              ref={drawerBox}
              tabIndex={-1}
              role="dialog"
              aria-modal="true"
              aria-label={t`Menu`}
            >
              <ShellLogo sidebar onNavigate={() => setDrawerOpen(false)} />
              <SideMenu items={view} onNavigate={() => setDrawerOpen(false)} />
            </div>
          </Popup>
        ) : null}
      </div>
    </ShellContext.Provider>
  )
}
