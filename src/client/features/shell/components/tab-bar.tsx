import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { closable, disabledCommands, type VisitedTab } from '../tab-rules.ts'
import { ContextMenu, DropdownMenu, type MenuAction } from './dropdown-menu.tsx'
import { MenuLink } from './menu-link.tsx'
import { useMenuTitle, useShell } from './shell-context.ts'
import { ShellIcon } from './shell-icon.tsx'

/** Close others / left / right / all for a tab, with the disabled states of SPEC §2. */
export function useTabCommands(): (path: string) => MenuAction[] {
  const { t } = useLingui()
  const { tabs } = useShell()
  return (path) => {
    const off = disabledCommands(tabs.tabs, path)
    return [
      {
        key: 'others',
        label: t`Close others`,
        icon: 'close',
        disabled: off.others,
        onSelect: () => tabs.close(path, 'others'),
      },
      {
        key: 'left',
        label: t`Close tabs to the left`,
        icon: 'chevronLeft',
        disabled: off.left,
        onSelect: () => tabs.close(path, 'left'),
      },
      {
        key: 'right',
        label: t`Close tabs to the right`,
        icon: 'chevronRight',
        disabled: off.right,
        onSelect: () => tabs.close(path, 'right'),
      },
      {
        key: 'all',
        label: t`Close all`,
        icon: 'close',
        disabled: off.all,
        onSelect: () => tabs.close(path, 'all'),
      },
    ]
  }
}

function Tab({
  tab,
  active,
  onMenu,
}: {
  tab: VisitedTab
  active: boolean
  onMenu: (at: { x: number; y: number }) => void
}) {
  const { t } = useLingui()
  const { tabs, theme } = useShell()
  const title = useMenuTitle()
  const name = title(tab.meta)
  return (
    <li
      className={`shell-tab${active ? ' is-active' : ''}`}
      data-path={tab.path}
      onContextMenu={(e) => {
        e.preventDefault()
        onMenu({ x: e.clientX, y: e.clientY })
      }}
      // the keyboard's context menu (Menu key, Shift+F10) opens the same menu below the tab
      onKeyDown={(e) => {
        if (e.key !== 'ContextMenu' && !(e.shiftKey && e.key === 'F10')) return
        e.preventDefault()
        const box = e.currentTarget.getBoundingClientRect()
        onMenu({ x: box.left, y: box.bottom })
      }}
    >
      <MenuLink path={tab.path + tab.search} className="shell-tab-link" active={active}>
        {theme.showTabsBarIcon && tab.meta.icon ? (
          <ShellIcon name={tab.meta.icon} size={14} />
        ) : null}
        <span>{name}</span>
      </MenuLink>
      {closable(tab) ? (
        <button
          type="button"
          className="shell-tab-close"
          aria-label={t`Close ${name}`}
          onClick={() => tabs.close(tab.path, 'this')}
        >
          <ShellIcon name="close" size={12} />
        </button>
      ) : null}
    </li>
  )
}

/** Tab bar of visited pages (SPEC §2), with a right-click menu and a dropdown for the active tab. */
export function TabBar() {
  const { t } = useLingui()
  const { tabs, page, theme } = useShell()
  const commands = useTabCommands()
  const [menuAt, setMenuAt] = useState<{ path: string; x: number; y: number }>()
  const list = useRef<HTMLUListElement>(null)
  // where the focus was when the context menu opened: it goes back there when the menu closes
  const opener = useRef<Element | null>(null)
  const active = page?.pathname

  useEffect(() => {
    // scrolls the strip by hand: scrollIntoView would move the page's Tab starting point onto the tab
    const box = list.current?.parentElement
    const el = list.current?.querySelector<HTMLElement>('.shell-tab.is-active')
    if (!box || !el) return
    const b = box.getBoundingClientRect()
    const r = el.getBoundingClientRect()
    if (r.left < b.left) box.scrollLeft += r.left - b.left
    else if (r.right > b.right) box.scrollLeft += r.right - b.right
  }, [active, tabs.tabs.length])

  if (tabs.tabs.length === 0) return null
  return (
    <div className={`shell-tabs tabs-style-${theme.tabsBarStyle}`} data-testid="shell-tabs">
      <nav className="shell-tabs-scroll" aria-label={t`Open pages`}>
        <ul ref={list}>
          {tabs.tabs.map((tab) => (
            <Tab
              key={tab.path}
              tab={tab}
              active={tab.path === active}
              onMenu={(at) => {
                opener.current = document.activeElement
                setMenuAt({ path: tab.path, ...at })
              }}
            />
          ))}
        </ul>
      </nav>
      {active && tabs.tabs.some((x) => x.path === active) ? (
        <DropdownMenu
          actions={commands(active)}
          label={t`Tab actions`}
          className="shell-tool shell-tabs-more"
          testId="shell-tabs-more"
        >
          <ShellIcon name="more" size={16} />
        </DropdownMenu>
      ) : null}
      {menuAt ? (
        <ContextMenu
          at={menuAt}
          actions={commands(menuAt.path)}
          label={t`Tab actions`}
          onClose={() => {
            setMenuAt(undefined)
            if (opener.current instanceof HTMLElement && opener.current.isConnected)
              opener.current.focus()
          }}
        />
      ) : null}
    </div>
  )
}
