import { useRouter } from '@tanstack/react-router'
import type { ComponentProps } from 'react'
import { atBase } from '#client/lib/base-url'

type SitePath = '/products' | '/prodetail' | '/news/detail'
type Props = Omit<ComponentProps<'a'>, 'href'> & {
  to: SitePath
  search?: Record<string, number | undefined>
}

/** `/products?sort=3`: numbers as the router writes and reads them (`sort=3` is the number 3). */
export function siteHref(to: string, search: Record<string, number | undefined> = {}): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(search)) if (v !== undefined) q.append(k, String(v))
  const s = q.toString()
  return s ? `${to}?${s}` : to
}

const plainClick = (e: React.MouseEvent<HTMLAnchorElement>) =>
  e.button === 0 &&
  !e.metaKey &&
  !e.ctrlKey &&
  !e.shiftKey &&
  !e.altKey &&
  !e.defaultPrevented &&
  !e.currentTarget.target

/**
 * A link to a public page for the long lists (product and news cards, category tabs and menus):
 * a plain `<a>` that navigates in the app on a plain click and preloads the page on intent, as
 * the router's `<Link>` does, without a router-state subscription and location build per link.
 * A list of 20 `<Link>`s cost about 100 ms of main thread on a throttled phone when the app
 * takes over a server-rendered page; the header's menu keeps `<Link>` (active state).
 */
export function SiteLink({
  to,
  search,
  onClick,
  onMouseEnter,
  onTouchStart,
  onFocus,
  ...rest
}: Props) {
  const router = useRouter()
  const href = siteHref(to, search)
  const preload = () =>
    void router.preloadRoute({ to, search: search ?? {} } as never).catch(() => undefined)
  return (
    <a
      {...rest}
      href={atBase(href)}
      onClick={(e) => {
        onClick?.(e)
        if (!plainClick(e)) return
        e.preventDefault()
        void router.navigate({ to, search: search ?? {} } as never)
      }}
      onMouseEnter={(e) => {
        onMouseEnter?.(e)
        preload()
      }}
      onTouchStart={(e) => {
        onTouchStart?.(e)
        preload()
      }}
      onFocus={(e) => {
        onFocus?.(e)
        preload()
      }}
    />
  )
}
