import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter, type AnyRoute } from '@tanstack/react-router'

/** Staff pages offered on the admin home, in this order, when the user's menu has them. */
export const quickLinkPaths = [
  '/workbench',
  '/order/order',
  '/supplier/purchase',
  '/supplier/outsourcing',
  '/ship/ship',
  '/production/report',
  '/admin/leaving',
  '/admin/pro/promanage',
  '/setting/personalCenter',
] as const

/** Links to the staff pages the user may open, titled as their routes are (staticData.title). */
export function QuickLinks({ canOpen }: { canOpen: (path: string) => boolean }) {
  const { i18n } = useLingui()
  const router = useRouter()
  const byId = router.routesById as unknown as Record<string, AnyRoute | undefined>
  const links = quickLinkPaths.flatMap((path) => {
    const title = byId[`/_staff${path}`]?.options.staticData?.title
    return title && canOpen(path) ? [{ path, title: i18n._(title) }] : []
  })
  if (links.length === 0) return null
  return (
    <nav className="dash-links" aria-labelledby="dash-links-title">
      <h2 id="dash-links-title" className="dash-section-title">
        <Trans>Quick links</Trans>
      </h2>
      <ul>
        {links.map((l) => (
          <li key={l.path}>
            <Link to={l.path} className="dash-link">
              {l.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
