import { useLingui } from '@lingui/react/macro'
import { useLayoutEffect, useRef, useState } from 'react'
import type { MenuItem } from '#shared/contract/menu'
import { findTrail, firstPage, isGroup, scrollingGroupSize } from '../menu-tree.ts'
import { MenuLink } from './menu-link.tsx'
import { useMenuTitle, useShell } from './shell-context.ts'
import { ShellIcon } from './shell-icon.tsx'

/** How many top-level items fit in the row, measured on a hidden copy of the row; the rest go under "More". */
function useFitCount(count: number) {
  const row = useRef<HTMLElement>(null)
  const probe = useRef<HTMLUListElement>(null)
  const [fit, setFit] = useState(count)
  useLayoutEffect(() => {
    const nav = row.current
    const list = probe.current
    if (!nav || !list) return
    const measure = () => {
      const widths = [...list.children].map((c) => (c as HTMLElement).offsetWidth)
      const more = widths.pop() ?? 0
      const room = nav.clientWidth
      const total = widths.reduce((a, w) => a + w, 0)
      if (total <= room) return setFit(widths.length)
      let used = more
      let n = 0
      while (n < widths.length && used + widths[n]! <= room) used += widths[n++]!
      setFit(n)
    }
    measure()
    const ro = new ResizeObserver(measure)
    ro.observe(nav)
    ro.observe(list)
    return () => ro.disconnect()
  }, [count])
  return { row, probe, fit }
}

/**
 * Horizontal menu of the horizontal layout: top-level items in a row, groups open a dropdown on
 * hover or focus (SPEC §9 menu trigger on hover); items that do not fit go under "More".
 */
export function HorizontalMenu() {
  const { t } = useLingui()
  const { view, activePath } = useShell()
  const title = useMenuTitle()
  const trail = new Set(findTrail(view, activePath).map((i) => i.path))
  const { row, probe, fit } = useFitCount(view.length)
  const shown = view.slice(0, fit)
  const rest = view.slice(fit)
  const more: MenuItem | undefined =
    rest.length > 0
      ? {
          path: '#more',
          name: '',
          component: 'Layout',
          hidden: false,
          alwaysShow: true,
          menuHidden: false,
          meta: { title: t`More`, icon: 'more' },
          children: rest,
        }
      : undefined
  if (more && rest.some((i) => trail.has(i.path))) trail.add(more.path)

  const render = (list: readonly MenuItem[], depth: number) =>
    list.map((item) => {
      const name = title(item.meta)
      if (!isGroup(item)) {
        return (
          <li key={item.path} className="hmenu-node">
            <MenuLink
              path={item.path}
              item={item}
              className="hmenu-item"
              active={item.path === activePath}
            >
              <ShellIcon name={item.meta.icon} />
              <span>{name}</span>
            </MenuLink>
          </li>
        )
      }
      const children = item.children ?? []
      return (
        <li
          key={item.path}
          className={`hmenu-node hmenu-group${trail.has(item.path) ? ' has-active' : ''}`}
        >
          <button type="button" className="hmenu-item" aria-haspopup="true">
            <ShellIcon name={item.meta.icon} />
            <span>{name}</span>
            <ShellIcon
              name={depth === 0 ? 'chevronDown' : 'chevronRight'}
              size={14}
              className="menu-arrow"
            />
          </button>
          <ul
            className={`hmenu-dropdown${children.length > scrollingGroupSize ? ' is-scrolling' : ''}`}
            data-depth={depth + 1}
          >
            {render(children, depth + 1)}
          </ul>
        </li>
      )
    })

  return (
    <nav ref={row} className="hmenu" aria-label={t`Main menu`}>
      <ul className="hmenu-root">{render(more ? [...shown, more] : shown, 0)}</ul>
      <ul ref={probe} className="hmenu-root hmenu-probe" aria-hidden="true">
        {[
          ...view.map((i) => ({ ...i, arrow: isGroup(i) })),
          { meta: { title: t`More`, icon: 'more' }, path: '#more', arrow: true },
        ].map((item) => (
          <li key={item.path} className="hmenu-node">
            <span className="hmenu-item">
              <ShellIcon name={item.meta.icon} />
              <span>{title(item.meta)}</span>
              {item.arrow ? (
                <ShellIcon name="chevronDown" size={14} className="menu-arrow" />
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The top-level item holding the active page (comprehensive and column layouts). */
export function useActiveTop(): MenuItem | undefined {
  const { view, activePath } = useShell()
  return findTrail(view, activePath)[0] ?? view[0]
}

/** Top-level items only, each opening its first page (comprehensive layout header). */
export function TopLevelMenu() {
  const { t } = useLingui()
  const { view } = useShell()
  const title = useMenuTitle()
  const top = useActiveTop()
  return (
    <nav className="hmenu hmenu-top" aria-label={t`Main menu`}>
      <ul className="hmenu-root">
        {view.map((item) => {
          const to = firstPage(item)
          if (!to) return null
          return (
            <li key={item.path} className="hmenu-node">
              <MenuLink
                path={to}
                item={isGroup(item) ? undefined : item}
                className="hmenu-item"
                active={item.path === top?.path}
              >
                <ShellIcon name={item.meta.icon} />
                <span>{title(item.meta)}</span>
              </MenuLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
