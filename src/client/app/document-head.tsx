import { useLingui } from '@lingui/react/macro'
import { useMatches, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { composeTitle, pageHeadStore } from '#client/lib/page-title'
import { useStore } from '#client/lib/small-store'

/** Sets the page title (SPEC §2 rule) and meta description after each navigation and language change. */
export function DocumentHead() {
  const { t, i18n } = useLingui()
  const matches = useMatches()
  const href = useRouterState({ select: (s) => s.location.href })
  const override = useStore(pageHeadStore)
  const staticTitle = [...matches].reverse().find((m) => m.staticData.title)?.staticData.title
  const name =
    override?.href === href ? override.name : staticTitle ? i18n._(staticTitle) : undefined
  const site = t`Forgeline Precision`
  const description =
    (override?.href === href ? override.description : undefined) ??
    t`Jiangsu Forgeline Precision Machinery: forged and machined automotive parts — crankshafts, connecting rods, gears, flanges, steering knuckles and hubs.`
  useEffect(() => {
    document.title = composeTitle(name, site)
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = description
  }, [name, site, description])
  return null
}
