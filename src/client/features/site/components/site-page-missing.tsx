import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { atBase } from '#client/lib/base-url'
import { useLocale } from '#client/lib/locale-store'
import { SiteNotFound } from './site-not-found.tsx'
import './site-page-missing.css'

/**
 * An unknown public address, in the site layout (the server answers it with HTTP 404 and the
 * same markup, src/server/modules/seo/missing-page.ts): a product search and a link home.
 */
export function SitePageMissing() {
  const { t } = useLingui()
  const lang = useLocale()
  const navigate = useNavigate()
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const keyword = String(new FormData(e.currentTarget).get('keyword') ?? '').trim()
    void navigate({ to: '/products', search: keyword ? { keyword } : {} })
  }
  return (
    <SiteNotFound
      testId="page-missing"
      title={<Trans>Page not found</Trans>}
      description={<Trans>This page does not exist.</Trans>}
      back={
        <>
          <form
            className="site-search"
            role="search"
            action={atBase('/products')}
            method="get"
            onSubmit={search}
          >
            <input type="hidden" name="lang" value={lang} />
            <input
              type="search"
              name="keyword"
              maxLength={100}
              aria-label={t`Search products`}
              placeholder={t`Product name or part number`}
            />
            <button type="submit">
              <Trans>Search</Trans>
            </button>
          </form>
          <Link to="/index" className="more-link">
            <Trans>Back to the home page</Trans>
          </Link>
        </>
      }
    />
  )
}
