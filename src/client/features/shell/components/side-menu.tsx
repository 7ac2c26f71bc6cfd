import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { MenuItem } from '#shared/contract/menu'
import { ancestorPaths, defaultOpenGroups, isGroup, scrollingGroupSize } from '../menu-tree.ts'
import { MenuLink } from './menu-link.tsx'
import { useMenuTitle, useShell } from './shell-context.ts'
import { ShellIcon } from './shell-icon.tsx'

function Badge({ item }: { item: MenuItem }) {
  if (item.meta.badge !== undefined && item.meta.badge !== '')
    return <span className="menu-badge">{item.meta.badge}</span>
  if (item.meta.dot) return <span className="menu-dot" aria-hidden="true" />
  return null
}

type Props = {
  items: readonly MenuItem[]
  /** icons only, groups open as flyouts */
  collapsed?: boolean
  onNavigate?: () => void
  className?: string
  label?: string
}

/**
 * Vertical tree menu (SPEC §2): groups open by default for /supplier /order /finance /ship and
 * around the active item; a group of more than 18 children scrolls at 86vh.
 */
export function SideMenu({ items, collapsed = false, onNavigate, className, label }: Props) {
  const { t } = useLingui()
  const { menu, activePath } = useShell()
  const title = useMenuTitle()
  // the user's own choices; otherwise a group is open by default or when it holds the active item
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map())
  const around = new Set(ancestorPaths(menu, activePath))
  const isOpen = (path: string) =>
    chosen.get(path) ?? (defaultOpenGroups.includes(path) || around.has(path))
  const toggle = (path: string) => setChosen((c) => new Map(c).set(path, !isOpen(path)))

  const render = (list: readonly MenuItem[], depth: number) =>
    list.map((item) => {
      const name = title(item.meta)
      if (!isGroup(item)) {
        const active = item.path === activePath
        return (
          <li key={item.path} className="menu-node">
            <MenuLink
              path={item.path}
              item={item}
              className="menu-item"
              active={active}
              onNavigate={onNavigate}
            >
              <ShellIcon name={item.meta.icon} />
              <span className="menu-title">{name}</span>
              <Badge item={item} />
            </MenuLink>
          </li>
        )
      }
      const children = item.children ?? []
      const opened = isOpen(item.path)
      return (
        <li
          key={item.path}
          className={`menu-node menu-group${opened ? ' is-open' : ''}${around.has(item.path) ? ' has-active' : ''}`}
          data-path={item.path}
        >
          <button
            type="button"
            className="menu-item menu-group-title"
            aria-expanded={collapsed ? undefined : opened}
            title={collapsed ? name : undefined}
            onClick={() => {
              if (!collapsed) toggle(item.path)
            }}
          >
            <ShellIcon name={item.meta.icon} />
            <span className="menu-title">{name}</span>
            <Badge item={item} />
            <ShellIcon name="chevronDown" size={14} className="menu-arrow" />
          </button>
          <ul
            className={`submenu${children.length > scrollingGroupSize ? ' is-scrolling' : ''}`}
            data-depth={depth + 1}
          >
            {collapsed ? <li className="submenu-heading">{name}</li> : null}
            {render(children, depth + 1)}
          </ul>
        </li>
      )
    })

  return (
    <nav
      className={`side-menu${collapsed ? ' is-collapsed' : ''} ${className ?? ''}`}
      aria-label={label ?? t`Main menu`}
    >
      <ul className="menu-root">{render(items, 0)}</ul>
    </nav>
  )
}
