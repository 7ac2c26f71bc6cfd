import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { usePick } from '#client/lib/locale-store'
import { contactQueryOptions } from '../api/get-contact.ts'

/**
 * Footer on every public page: address, phone, fax, mail, website and two QR images (SPEC §1).
 * Not suspense: offline without a saved copy of the contact data it shows the rest.
 */
export function SiteFooter() {
  const { data: c } = useQuery(contactQueryOptions())
  const pick = usePick()
  const { t } = useLingui()
  const company = c ? pick(c.Company, c.CompanyEn) : t`Forgeline Precision`
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="site-footer-info">
          <p className="site-footer-company">{company}</p>
          {c && (
            <dl>
              <dt>
                <Trans>Address</Trans>
              </dt>
              <dd>{pick(c.Address, c.AddressEn)}</dd>
              <dt>
                <Trans>Phone</Trans>
              </dt>
              <dd>
                <a href={`tel:${c.Phone.replace(/[^\d+]/g, '')}`}>{c.Phone}</a>
              </dd>
              <dt>
                <Trans>Fax</Trans>
              </dt>
              <dd>{c.Fax}</dd>
              <dt>
                <Trans>Mail</Trans>
              </dt>
              <dd>
                <a href={`mailto:${c.Mail}`}>{c.Mail}</a>
              </dd>
              <dt>
                <Trans>Website</Trans>
              </dt>
              <dd>
                <a href={c.Website} rel="noopener">
                  {c.Website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                </a>
              </dd>
            </dl>
          )}
          <p className="site-footer-supplier">
            <Link to="/supplier-apply">
              <Trans>Suppliers: apply to work with us</Trans>
            </Link>
          </p>
        </div>
        <div className="site-footer-qr">
          {c?.Qr.map((q) => (
            <figure key={q.Image}>
              <img
                src={q.Image}
                alt={pick(q.Title, q.TitleEn)}
                width={96}
                height={96}
                loading="lazy"
              />
              <figcaption>{pick(q.Title, q.TitleEn)}</figcaption>
            </figure>
          ))}
        </div>
      </div>
      <p className="site-footer-copy">
        © {new Date().getFullYear()} {company}
        {/* the staff door: discreet, beside the copyright line */}
        <Link to="/admin" className="site-footer-staff" rel="nofollow">
          <Trans>Staff sign-in</Trans>
        </Link>
      </p>
    </footer>
  )
}
