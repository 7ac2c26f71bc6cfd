import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ContactPage } from '#client/features/site/components/contact-page'
import { productQueryOptions } from '#client/features/site/api/get-product'
import { toId } from '#client/lib/search-params'

export const Route = createFileRoute('/_site/contactus')({
  staticData: { title: msg`Contact us` },
  /** `?quote={product id}`: "Ask for a quotation" on a product fills the message with that product */
  validateSearch: (s: Record<string, unknown>): { quote?: number } => {
    const quote = toId(s.quote)
    return quote ? { quote } : {}
  },
  loaderDeps: ({ search }) => ({ quote: search.quote }),
  loader: ({ context: { queryClient }, deps }) =>
    deps.quote
      ? queryClient.ensureQueryData(productQueryOptions(deps.quote)).catch(() => null)
      : null,
  component: function ContactRoute() {
    const { quote } = Route.useSearch()
    return <ContactPage quote={quote} />
  },
})
