import { Trans } from '@lingui/react/macro'
import { usePick } from '#client/lib/locale-store'
import { useContact } from '../api/get-contact.ts'
import { LeaveMessageForm } from './leave-message-form.tsx'
import './contact-page.css'

/** `/contactus`: contact information and the leave-a-message form. */
export function ContactPage() {
  const { data: c } = useContact()
  const pick = usePick()
  return (
    <div className="page contact">
      <h1><Trans>Contact us</Trans></h1>
      <div className="contact-columns">
        <section className="contact-info">
          <h2>{pick(c.Company, c.CompanyEn)}</h2>
          <p><Trans>Address</Trans>: {pick(c.Address, c.AddressEn)}</p>
          <p><Trans>Phone</Trans>: <a href={`tel:${c.Phone.replace(/[^\d+]/g, '')}`}>{c.Phone}</a></p>
          <p><Trans>Fax</Trans>: {c.Fax}</p>
          <p><Trans>Mail</Trans>: <a href={`mailto:${c.Mail}`}>{c.Mail}</a></p>
        </section>
        <section className="contact-form">
          <LeaveMessageForm />
        </section>
      </div>
    </div>
  )
}
