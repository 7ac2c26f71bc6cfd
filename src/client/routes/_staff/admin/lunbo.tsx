import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { SlidesPage } from '#client/features/content/components/slides-page'

export const Route = createFileRoute('/_staff/admin/lunbo')({
  staticData: { title: msg`Carousel` },
  component: SlidesPage,
})
