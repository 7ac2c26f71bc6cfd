import { Link, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { MenuItem } from '#shared/contract/menu'
import { isExternal } from '../menu-tree.ts'

/** Paths come from the server menu; the router checks them at run time. */
type AnyStaffPath = '/admin/index'

/** A link to a menu page: in-app by the router, external or target _blank in a new browser tab. */
export function MenuLink({
  path,
  item,
  className,
  children,
  onNavigate,
  active,
}: {
  path: string
  item?: MenuItem
  className?: string
  children: ReactNode
  onNavigate?: () => void
  active?: boolean
}) {
  const router = useRouter()
  const newTab = item?.meta.target === '_blank'
  if (isExternal(path) || newTab) {
    return (
      <a
        className={className}
        href={path}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onNavigate}
      >
        {children}
      </a>
    )
  }
  if (path.includes('?')) {
    // a page with its query (a visited tab): the router parses the href
    return (
      <a
        className={`${className ?? ''}${active ? ' is-active' : ''}`}
        href={path}
        aria-current={active ? 'page' : undefined}
        onClick={(e) => {
          onNavigate?.()
          if (
            e.defaultPrevented ||
            e.button !== 0 ||
            e.metaKey ||
            e.ctrlKey ||
            e.shiftKey ||
            e.altKey
          )
            return
          e.preventDefault()
          void router.navigate({ href: path })
        }}
      >
        {children}
      </a>
    )
  }
  return (
    <Link
      to={path as AnyStaffPath}
      className={`${className ?? ''}${active ? ' is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      activeOptions={{ exact: true }}
      onClick={onNavigate}
    >
      {children}
    </Link>
  )
}
