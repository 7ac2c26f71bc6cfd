import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { findTrail, targetOf } from '../menu-tree.ts'
import { MenuLink } from './menu-link.tsx'
import { useMenuTitle, useShell } from './shell-context.ts'
import { ShellIcon } from './shell-icon.tsx'

/** SPEC §2: titles (and icons) of the matched menu items; each goes to its redirect target. */
export function ShellBreadcrumb() {
  const { t } = useLingui()
  const { menu, page } = useShell()
  const title = useMenuTitle()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // menuHidden wrappers are not shown (their children stand in for them)
  const trail = findTrail(menu, page?.pathname ?? pathname).filter((i) => !i.menuHidden)
  if (trail.length === 0) return null
  return (
    <nav className="shell-breadcrumb" aria-label={t`Breadcrumb`} data-testid="shell-breadcrumb">
      <ol>
        {trail.map((item, i) => {
          const last = i === trail.length - 1
          const to = last ? undefined : targetOf(item)
          const body = (
            <>
              {item.meta.icon ? <ShellIcon name={item.meta.icon} size={14} /> : null}
              <span>{title(item.meta)}</span>
            </>
          )
          return (
            <li key={item.path} aria-current={last ? 'page' : undefined}>
              {to ? (
                <MenuLink path={to} className="crumb">
                  {body}
                </MenuLink>
              ) : (
                <span className="crumb">{body}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
