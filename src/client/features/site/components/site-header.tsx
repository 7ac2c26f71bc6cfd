import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { usePick } from '#client/lib/locale-store'
import { categoriesQueryOptions } from '../api/get-categories.ts'
import { LanguageSwitch } from '#client/components/language-switch'
import { siteNavItems } from './site-nav-items.ts'
import { atBase } from '#client/lib/base-url'
import { SiteLink } from './site-link.tsx'
import { categoryImage } from './category-image.tsx'

function ProductMenu({ onNavigate }: { onNavigate?: () => void }) {
  // not suspense: offline without a saved copy the menu still shows, without categories
  const { data: categories = [] } = useQuery(categoriesQueryOptions())
  const pick = usePick()
  return (
    <ul className="site-submenu">
      {categories.map((c) => (
        <li key={c.Id}>
          <SiteLink to="/products" search={{ sort: c.Id }} onClick={onNavigate}>
            {/* SPEC §2: the category image, or the default one; loaded when the menu opens */}
            <img
              className="site-submenu-image"
              src={categoryImage(c)}
              alt=""
              width={48}
              height={36}
              loading="lazy"
              decoding="async"
              data-testid="submenu-image"
            />
            <span>{pick(c.Title, c.TitleEn)}</span>
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}

/** Public header: horizontal menu on wide screens, a drawer below 999 px (SPEC §2). */
export function SiteHeader() {
  const [open, setOpen] = useState(false)
  const { t, i18n } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const close = () => setOpen(false)
  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <button
          type="button"
          className="site-menu-button"
          aria-label={t`Open menu`}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <span />
          <span />
          <span />
        </button>
        <Link to="/" className="site-logo">
          <img src={atBase('/logo.svg')} alt="" width={32} height={32} />
          <span>
            <Trans>Forgeline Precision</Trans>
          </span>
        </Link>
        <nav className="site-nav" aria-label={t`Main menu`}>
          <ul>
            {siteNavItems.map((item) => (
              <li key={item.to} className={item.products ? 'has-submenu' : undefined}>
                <Link to={item.to} activeProps={{ className: 'active' }}>
                  {i18n._(item.label)}
                </Link>
                {item.products && <ProductMenu />}
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
      <dialog
        ref={dialog}
        className="site-drawer"
        onClose={close}
        onClick={(e) => {
          if (e.target === e.currentTarget) close()
        }}
      >
        {/* rendered when opened: a page load renders one menu, not two */}
        {open && (
          <nav aria-label={t`Main menu`}>
            <ul>
              {siteNavItems.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} activeProps={{ className: 'active' }} onClick={close}>
                    {i18n._(item.label)}
                  </Link>
                  {item.products && <ProductMenu onNavigate={close} />}
                </li>
              ))}
            </ul>
          </nav>
        )}
      </dialog>
    </header>
  )
}
