import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** Public menu of SPEC §1: about, products (expands into categories), equipment, news, contact. */
export const siteNavItems: { to: string; label: MessageDescriptor; products?: true }[] = [
  { to: '/index', label: msg`Home` },
  { to: '/aboutus', label: msg`About us` },
  { to: '/products', label: msg`Products`, products: true },
  { to: '/equipment', label: msg`Equipment` },
  { to: '/news', label: msg`News` },
  { to: '/contactus', label: msg`Contact us` },
]
