import { useLingui } from '@lingui/react/macro'
import { firstPage, isGroup } from '../menu-tree.ts'
import { useActiveTop } from './horizontal-menu.tsx'
import { MenuLink } from './menu-link.tsx'
import { useMenuTitle, useShell } from './shell-context.ts'
import { ShellIcon } from './shell-icon.tsx'
import { ShellLogo } from './shell-logo.tsx'
import { SideMenu } from './side-menu.tsx'

/**
 * Two-level column layout (SPEC §2): left tabs list the top-level items; the second column shows
 * the chosen item's children under its title. A tab opens its first page and unfolds the sidebar.
 */
export function ColumnMenu() {
  const { t } = useLingui()
  const { view, theme, collapsed, setCollapsed } = useShell()
  const title = useMenuTitle()
  const top = useActiveTop()
  return (
    <aside className={`shell-side shell-columns column-style-${theme.columnStyle}`}>
      <div className="column-tabs">
        <ShellLogo compact />
        <nav aria-label={t`Menu sections`}>
          <ul>
            {view.map((item) => {
              const to = firstPage(item)
              if (!to) return null
              return (
                <li key={item.path}>
                  <MenuLink
                    path={to}
                    item={isGroup(item) ? undefined : item}
                    className="column-tab"
                    active={item.path === top?.path}
                    onNavigate={() => setCollapsed(false)}
                  >
                    <ShellIcon name={item.meta.icon} size={20} />
                    <span>{title(item.meta)}</span>
                  </MenuLink>
                </li>
              )
            })}
          </ul>
        </nav>
      </div>
      {top && !collapsed ? (
        <div className="column-sub">
          <div className="column-sub-title">{title(top.meta)}</div>
          <SideMenu items={isGroup(top) ? (top.children ?? []) : [top]} label={title(top.meta)} />
        </div>
      ) : null}
    </aside>
  )
}
