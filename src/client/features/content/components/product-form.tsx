import '#client/components/form/form.css'
import { useLingui } from '@lingui/react/macro'
import { Toast } from 'antd-mobile'
import { useState } from 'react'
import type { AdminProduct } from '#shared/contract/content-admin'
import { productImagesMax } from '#shared/contract/content-fields'
import { contentPermission } from '#shared/permissions'
import { ApiError } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { useCan } from '#client/features/auth/components/permission'
import { gridErrorText } from '#client/features/orders/grid/grid-error-text'
import { adminProductsKey } from '../api/get-admin-products.ts'
import { useContentSave } from '../api/post-content-save.ts'
import { PhotoUpload, type Photo } from '#client/components/upload/photo-upload'

type Fields = Pick<AdminProduct, 'Title' | 'TitleEn' | 'PartNo' | 'Summary' | 'SummaryEn' | 'Published'> & { Images: Photo[] }

/** Edits one product: titles and summaries in both languages, part number, pictures, published. */
export function ProductForm({ product, onDone }: { product: AdminProduct; onDone: () => void }) {
  const { t } = useLingui()
  const initial: Fields = { Title: product.Title, TitleEn: product.TitleEn, PartNo: product.PartNo, Summary: product.Summary, SummaryEn: product.SummaryEn, Published: product.Published, Images: product.Images }
  const [values, setValues] = useState(initial)
  const canEdit = useCan()(contentPermission)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { save, isPending } = useContentSave('SaveProduct', [adminProductsKey, ['site']])
  const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(initial[k as keyof Fields])))
  useUnsavedWork(Object.keys(changed).length > 0)
  const set = <K extends keyof Fields>(k: K, v: Fields[K]) => {
    setValues((cur) => ({ ...cur, [k]: v }))
    setErrors((cur) => ({ ...cur, [k]: '' }))
  }

  const submit = async () => {
    if (Object.keys(changed).length === 0) return onDone()
    try {
      await save({ updateRecords: [{ Id: product.Id, ...changed }] })
      Toast.show({ icon: 'success', content: t`Saved`, duration: 3000 })
      onDone()
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(e.fieldErrors).map(([path, text]) => [path.split('.')[3] ?? path, text])))
      }
      Toast.show({ icon: 'fail', content: e instanceof Error ? e.message : t`The changes could not be saved`, duration: 3000 })
    }
  }

  const text = (k: 'Title' | 'TitleEn' | 'PartNo' | 'Summary' | 'SummaryEn', label: string, long = false) => (
    <div className={`grid-form-row${errors[k] ? ' has-error' : ''}`}>
      <label htmlFor={`product-${k}`}>
        {label}
        {product.MissingEn.includes(k) && values[k] === '' ? <span className="content-flag">{t`English missing`}</span> : null}
      </label>
      {long ? (
        <textarea id={`product-${k}`} name={k} className="grid-input" rows={3} value={values[k]} onChange={(e) => set(k, e.target.value)} />
      ) : (
        <input id={`product-${k}`} name={k} className="grid-input" value={values[k]} onChange={(e) => set(k, e.target.value)} />
      )}
      {errors[k] ? <span className="grid-cell-error" role="alert">{translate(gridErrorText(errors[k]))}</span> : null}
    </div>
  )

  return (
    <form className="grid-form" data-testid="product-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      {text('Title', t`Name (Chinese)`)}
      {text('TitleEn', t`Name (English)`)}
      {text('PartNo', t`Part number`)}
      {text('Summary', t`Summary (Chinese)`, true)}
      {text('SummaryEn', t`Summary (English)`, true)}
      <div className={`grid-form-row${errors.Images ? ' has-error' : ''}`}>
        <span>{t`Pictures (1 to ${productImagesMax})`}</span>
        <PhotoUpload label={t`Pictures`} value={values.Images} onChange={(v) => set('Images', v)} limit={productImagesMax} />
        {errors.Images ? <span className="grid-cell-error" role="alert">{translate(gridErrorText(errors.Images))}</span> : null}
      </div>
      <label className="slide-enabled">
        <input type="checkbox" checked={values.Published} onChange={(e) => set('Published', e.target.checked)} name="Published" />
        {t`Published`}
      </label>
      <div className="content-filters">
        {canEdit ? (
          <button type="submit" className="is-primary" disabled={isPending} data-testid="product-save">
            {t`Save`}
          </button>
        ) : null}
        <button type="button" onClick={onDone}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  )
}
