import '#client/components/form/form.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Toast } from 'antd-mobile'
import { useState } from 'react'
import { contentPermission } from '#shared/permissions'
import { PageError } from '#client/components/feedback/page-error'
import { ApiError } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { useCan } from '#client/features/auth/components/permission'
import { gridErrorText } from '#client/features/orders/grid/grid-error-text'
import { adminSlidesKey, useAdminSlides } from '../api/get-admin-slides.ts'
import { useContentSave } from '../api/post-content-save.ts'
import './content.css'

type Slide = NonNullable<ReturnType<typeof useAdminSlides>['data']>[number]
type Draft = Pick<Slide, 'Title' | 'TitleEn' | 'Link' | 'Enabled'>

/**
 * /admin/lunbo: the home carousel's slides in order. Move a slide up or down, switch it on or
 * off, edit its titles and link; one Save sends every change (order as `Sort`).
 */
export function SlidesPage() {
  const { t } = useLingui()
  const slides = useAdminSlides()
  const canEdit = useCan()(contentPermission)
  const [order, setOrder] = useState<number[] | null>(null)
  const [drafts, setDrafts] = useState<Record<number, Partial<Draft>>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { save, isPending } = useContentSave('SaveCarousel', [adminSlidesKey, ['site', 'carousel']])
  const dirty = order !== null || Object.keys(drafts).length > 0
  useUnsavedWork(dirty)

  if (slides.isError && !slides.data)
    return <PageError error={slides.error} reset={() => void slides.refetch()} />
  const byId = new Map((slides.data ?? []).map((s) => [s.Id, s]))
  const ids = order ?? (slides.data ?? []).map((s) => s.Id)
  const shown = ids
    .map((id) => ({ ...byId.get(id)!, ...drafts[id] }))
    .filter((s) => s.Id !== undefined)

  const move = (i: number, by: -1 | 1) => {
    const next = [...ids]
    const [it] = next.splice(i, 1)
    next.splice(i + by, 0, it!)
    setOrder(next)
  }
  const edit = (id: number, patch: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [id]: { ...d[id], ...patch } }))

  const onSave = async () => {
    const records = shown
      .map((s, i) => {
        const sort = (i + 1) * 10
        const changed: Record<string, unknown> = { ...drafts[s.Id] }
        if (byId.get(s.Id)?.Sort !== sort && order !== null) changed.Sort = sort
        return Object.keys(changed).length > 0 ? { Id: s.Id, ...changed } : null
      })
      .filter((r) => r !== null)
    try {
      await save({ updateRecords: records })
      setOrder(null)
      setDrafts({})
      setErrors({})
      Toast.show({ icon: 'success', content: t`Saved`, duration: 3000 })
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) {
        const placed: Record<string, string> = {}
        for (const [path, text] of Object.entries(e.fieldErrors)) {
          const m = /updateRecords\.(\d+)\.(\w+)/.exec(path)
          const rec = m ? records[Number(m[1])] : undefined
          if (rec && m) placed[`${rec.Id}.${m[2]}`] = text
        }
        setErrors(placed)
      }
      Toast.show({
        icon: 'fail',
        content: e instanceof Error ? e.message : t`The changes could not be saved`,
        duration: 3000,
      })
    }
  }

  const err = (id: number, field: string) => {
    const e = errors[`${id}.${field}`]
    return e ? (
      <span className="grid-cell-error" role="alert">
        {translate(gridErrorText(e))}
      </span>
    ) : null
  }

  return (
    <section className="content-page" data-testid="slides">
      <h1>
        <Trans>Carousel</Trans>
      </h1>
      {canEdit ? (
        <div className="content-filters">
          <button
            type="button"
            className="is-primary"
            disabled={!dirty || isPending}
            onClick={() => void onSave()}
            data-testid="slides-save"
          >
            {t`Save`}
          </button>
          <button
            type="button"
            disabled={!dirty}
            onClick={() => (setOrder(null), setDrafts({}), setErrors({}))}
          >
            {t`Undo changes`}
          </button>
        </div>
      ) : null}
      {slides.isPending ? <p className="content-state">{t`Loading…`}</p> : null}
      <ol className="content-cards">
        {shown.map((s, i) => (
          <li
            key={s.Id}
            className={`content-card slide-card${s.Enabled ? '' : ' is-off'}`}
            data-testid="slide"
            data-id={s.Id}
          >
            <img src={s.ImageSm || s.Image} alt="" width={120} height={60} loading="lazy" />
            <div className="slide-fields">
              <label>
                {t`Title (Chinese)`}
                <input
                  className="grid-input"
                  value={s.Title}
                  maxLength={100}
                  onChange={(e) => edit(s.Id, { Title: e.target.value })}
                  name="Title"
                />
                {err(s.Id, 'Title')}
              </label>
              <label>
                {t`Title (English)`}
                <input
                  className="grid-input"
                  value={s.TitleEn}
                  maxLength={200}
                  onChange={(e) => edit(s.Id, { TitleEn: e.target.value })}
                  name="TitleEn"
                />
                {err(s.Id, 'TitleEn')}
              </label>
              <label>
                {t`Link`}
                <input
                  className="grid-input"
                  value={s.Link}
                  onChange={(e) => edit(s.Id, { Link: e.target.value })}
                  name="Link"
                  placeholder="/products"
                />
                {err(s.Id, 'Link')}
              </label>
              <label className="slide-enabled">
                <input
                  type="checkbox"
                  checked={s.Enabled}
                  onChange={(e) => edit(s.Id, { Enabled: e.target.checked })}
                  name="Enabled"
                />
                {t`Shown on the home page`}
              </label>
            </div>
            {canEdit ? (
              <div className="slide-move">
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={t`Move up`}
                  data-testid="slide-up"
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={i === shown.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={t`Move down`}
                  data-testid="slide-down"
                >
                  ↓
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
