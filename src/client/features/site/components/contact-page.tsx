import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { usePick } from '#client/lib/locale-store'
import { useContact } from '../api/get-contact.ts'
import { useQuoteMessage } from './quote-message.ts'
import { LeaveMessageForm } from './leave-message-form.tsx'
import './contact-page.css'

/** `/contactus`: contact information and the leave-a-message form (`quote`: a product asked about). */
export function ContactPage({ quote }: { quote?: number }) {
  const { data: c } = useContact()
  const message = useQuoteMessage(quote)
  const pick = usePick()
  return (
    <div className="page contact">
      <h1>
        <Trans>Contact us</Trans>
      </h1>
      <div className="contact-columns">
        <section className="contact-info">
          <h2>{pick(c.Company, c.CompanyEn)}</h2>
          <p>
            <Trans>Address</Trans>: {pick(c.Address, c.AddressEn)}
          </p>
          <p>
            <Trans>Phone</Trans>: <a href={`tel:${c.Phone.replace(/[^\d+]/g, '')}`}>{c.Phone}</a>
          </p>
          <p>
            <Trans>Fax</Trans>: {c.Fax}
          </p>
          <p>
            <Trans>Mail</Trans>: <a href={`mailto:${c.Mail}`}>{c.Mail}</a>
          </p>
          <p className="supplier-apply-link">
            <Link to="/supplier-apply">
              <Trans>Want to supply us? Send the supplier form</Trans>
            </Link>
          </p>
        </section>
        <section className="contact-form">
          <LeaveMessageForm key={message} message={message} />
        </section>
      </div>
    </div>
  )
}
