import { Outlet } from '@tanstack/react-router'
import { DeliveredNotice } from './delivered-notice.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import './site.css'

/** Public layout: header with menu and language switch, page, footer (SPEC §2). */
export function SiteLayout() {
  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
      <DeliveredNotice />
    </div>
  )
}
