import { useLingui } from '@lingui/react/macro'
import type { z } from 'zod'
import type { adminSlide } from '#shared/contract/content-admin'
import type { FormValues, UploadedFile } from '#client/components/form/form-field'
import { ItemListPage } from '#client/components/item-editor/item-list-page'
import { adminSlidesKey, useAdminSlides } from '../api/get-admin-slides.ts'
import { useContentEditor } from '../api/use-content-editor.ts'
import { nextSort, toRecord } from './form-values.ts'
import './content.css'
import { slideFields } from './content-fields.ts'

type Slide = z.infer<typeof adminSlide>

/** Contract fields of slide form values: a new picture also replaces the narrow-screen one (its thumbnail). */
function slideRecord(v: FormValues): Record<string, unknown> {
  const r = toRecord(v, { single: ['Image'], numbers: ['Sort'], flags: ['Enabled'] })
  if (Array.isArray(v.Image)) r.ImageSm = (v.Image[0] as UploadedFile | undefined)?.thumb ?? ''
  return r
}

/**
 * /admin/lunbo: the home carousel's slides in order. Add a slide with an uploaded picture,
 * replace its picture, edit titles and link, show or hide it, move it up or down, remove it.
 */
export function SlidesPage() {
  const { t, i18n } = useLingui()
  const list = useAdminSlides()
  const editor = useContentEditor('SaveCarousel', adminSlidesKey)
  return (
    <section className="content-page" data-testid="slides">
      <h1>{t`Carousel`}</h1>
      <ItemListPage<Slide>
        history="Carousel"
        name="slide"
        labels={[t`Add slide`, t`Edit slide`]}
        items={list.data}
        query={list}
        {...editor}
        reorder
        row={(s) => ({
          image: s.ImageSm || s.Image,
          title: (i18n.locale === 'en' ? s.TitleEn || s.Title : s.Title) || t`(no title)`,
          subtitle: i18n.locale === 'en' ? s.Title : s.TitleEn,
          meta: [s.Link, s.Enabled ? t`Shown` : t`Hidden`].filter(Boolean).join(' · '),
          off: !s.Enabled,
        })}
        fields={slideFields()}
        initial={(s): FormValues =>
          s
            ? {
                Image: s.Image ? [{ url: s.Image, thumb: s.ImageSm || undefined }] : [],
                Title: s.Title,
                TitleEn: s.TitleEn,
                Link: s.Link,
                Enabled: s.Enabled ? '1' : '0',
                Sort: String(s.Sort),
              }
            : {
                Image: [],
                Title: '',
                TitleEn: '',
                Link: '',
                Enabled: '1',
                Sort: String(nextSort(list.data)),
              }
        }
        record={slideRecord}
      />
    </section>
  )
}
