import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ContactPage } from '#client/features/site/components/contact-page'

export const Route = createFileRoute('/_site/contactus')({
  staticData: { title: msg`Contact us` },
  component: ContactPage,
})
