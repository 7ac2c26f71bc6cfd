import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Button } from 'antd-mobile'
import { useEffect, useRef, useState } from 'react'
import { PageLoading } from '#client/components/feedback/page-loading'
import { useLazyCatalog, type LazyCatalog } from '#client/lib/lazy-catalog'
import { keepPublicPageOffline } from '#client/lib/public-page-offline'
import { SupplierApplyForm, type SentApplication } from './supplier-apply-form.tsx'
import './page-text.css'
import './supplier-apply.css'

/** This page's texts: their own catalog (lingui.config.ts `supplier`), not in every page's. */
const supplierCatalog: LazyCatalog = {
  zh: () => import('../../../../../locales/zh/supplier.po'),
  en: () => import('../../../../../locales/en/supplier.po'),
}

function Thanks({ sent, onAnother }: { sent: SentApplication; onAnother: () => void }) {
  const { Company, Contact, Phone } = sent
  const heading = useRef<HTMLHeadingElement>(null)
  // the form was long: bring the thank-you into view and to screen readers
  useEffect(() => {
    window.scrollTo({ top: 0 })
    heading.current?.focus({ preventScroll: true })
  }, [])
  return (
    <section className="supplier-apply-thanks" role="status" data-testid="supplier-apply-thanks">
      <span className="supplier-apply-tick" aria-hidden="true">
        ✓
      </span>
      <h2 ref={heading} tabIndex={-1}>
        <Trans>Thank you, your supplier form has been sent</Trans>
      </h2>
      <p>{sent.msg}</p>
      <p>
        <Trans>
          Our purchasing department reviews the form of {Company} and calls {Contact} at {Phone},
          usually within three working days.
        </Trans>
      </p>
      <div className="supplier-apply-actions">
        <Link to="/index" className="adm-button adm-button-primary adm-button-fill-solid">
          <Trans>Back to the home page</Trans>
        </Link>
        <Button onClick={onAnother}>
          <Trans>Send another form</Trans>
        </Button>
      </div>
    </section>
  )
}

/**
 * `/supplier-apply`: suppliers introduce themselves with the supplier form; a thank-you follows.
 * Its code is left out of the precache and kept by the worker once the page is opened.
 */
export function SupplierApplyPage() {
  const [sent, setSent] = useState<SentApplication | null>(null)
  const textsReady = useLazyCatalog(supplierCatalog)
  // this page's code is not precached (it would weigh on every visitor): keep it once opened
  useEffect(() => {
    void keepPublicPageOffline()
  }, [])
  if (!textsReady) return <PageLoading />
  return (
    <div className="page supplier-apply">
      <h1>
        <Trans>Become a supplier</Trans>
      </h1>
      {sent ? (
        <Thanks sent={sent} onAnother={() => setSent(null)} />
      ) : (
        <>
          <p className="supplier-apply-intro">
            <Trans>
              We buy steel bar, forgings, heat treatment, machining, surface treatment and tooling.
              Tell us what you offer: our purchasing department reads every form.
            </Trans>
          </p>
          <SupplierApplyForm onSent={setSent} />
        </>
      )}
    </div>
  )
}
