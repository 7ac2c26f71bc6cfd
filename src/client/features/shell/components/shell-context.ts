import { createContext, useCallback, useContext } from 'react'
import type { MenuItem, MenuMeta } from '#shared/contract/menu'
import { useLocale } from '#client/lib/locale-store'
import { titleIn } from '../menu-tree.ts'
import type { Layout, ThemeSettings } from '../theme-settings.ts'
import type { CurrentPage } from './use-current-page.ts'
import type { VisitedTabs } from './use-visited-tabs.ts'

/** What the parts of the staff shell share. */
export type Shell = {
  /** the user's whole menu tree, paths absolute */
  menu: MenuItem[]
  /** what the menu shows (hidden dropped, menuHidden replaced by children) */
  view: MenuItem[]
  /** the menu path to highlight (meta.activeMenu applied) */
  activePath: string
  page: CurrentPage | undefined
  theme: ThemeSettings
  isMobile: boolean
  /** the layout in use: vertical on the mobile device */
  layout: Layout
  collapsed: boolean
  setCollapsed: (value: boolean) => void
  /** the mobile menu drawer */
  drawerOpen: boolean
  setDrawerOpen: (value: boolean) => void
  openThemeDrawer: () => void
  tabs: VisitedTabs
}

export const ShellContext = createContext<Shell | null>(null)

export function useShell(): Shell {
  const shell = useContext(ShellContext)
  if (!shell) throw new Error('useShell outside the staff shell')
  return shell
}

/** Menu titles in the active language. */
export function useMenuTitle(): (meta: Pick<MenuMeta, 'title' | 'titleZh'>) => string {
  const locale = useLocale()
  return useCallback((meta) => titleIn(meta, locale), [locale])
}
