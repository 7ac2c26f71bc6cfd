import { useLingui } from '@lingui/react/macro'
import { Dialog, Popup, Toast } from 'antd-mobile'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { FormBuilder } from '#client/components/form/form-builder'
import type { PostCommonBody } from '#shared/contract/post-common'

type Props = {
  open: boolean
  title: string
  fields: FieldDef[]
  initial: FormValues
  onClose: () => void
  onSubmit: (values: FormValues, changed: FormValues) => Promise<void>
  /** removes the item (after a confirmation); absent for a new item */
  onRemove?: () => Promise<void>
  readOnly: boolean
  translate?: (text: string) => Promise<string>
  testId: string
}

/**
 * The save and remove handlers of an item sheet over one PostCommon operation: a new item is
 * inserted, an edited one sends only its changed fields (nothing when unchanged), remove sends its Id.
 */
export function recordSaves(
  item: { Id: number } | undefined,
  save: (postData: PostCommonBody['postData']) => Promise<unknown>,
  record: (values: FormValues) => Record<string, unknown>,
): Pick<Props, 'onSubmit' | 'onRemove'> {
  return {
    onSubmit: async (values, changed) => {
      if (!item) await save({ insertRecords: [record(values)] })
      else if (Object.keys(changed).length > 0) await save({ updateRecords: [{ Id: item.Id, ...record(changed) }] })
    },
    onRemove: item ? async () => void (await save({ removeRecords: [{ Id: item.Id }] })) : undefined,
  }
}

/** A full-height sheet with the form of one list item (news, equipment, category): save, cancel, remove. */
export function ItemSheet({ open, title, fields, initial, onClose, onSubmit, onRemove, readOnly, translate, testId }: Props) {
  const { t } = useLingui()
  const remove = async () => {
    if (!onRemove) return
    const ok = await Dialog.confirm({ title: t`Warm tip`, content: t`Remove this item?`, confirmText: t`OK`, cancelText: t`Cancel` })
    if (!ok) return
    try {
      await onRemove()
      Toast.show({ icon: 'success', content: t`Removed`, duration: 3000 })
      onClose()
    } catch (e) {
      Toast.show({ icon: 'fail', content: e instanceof Error ? e.message : t`The changes could not be saved`, duration: 3000 })
    }
  }
  return (
    <Popup visible={open} onMaskClick={onClose} position="right" bodyClassName="grid-form-popup" destroyOnClose>
      {open ? (
        <div className="item-sheet">
          <header className="item-sheet-head">
            <h2>{title}</h2>
            <button type="button" onClick={onClose} aria-label={t`Close`}>
              ×
            </button>
          </header>
          <FormBuilder
            testId={testId}
            fields={fields}
            initial={initial}
            readOnly={readOnly}
            translate={translate}
            onCancel={onClose}
            onSubmit={async (values, changed) => {
              await onSubmit(values, changed)
              onClose()
            }}
          >
            {onRemove && !readOnly ? (
              <button type="button" className="item-remove" onClick={() => void remove()} data-testid={`${testId}-remove`}>
                {t`Remove`}
              </button>
            ) : null}
          </FormBuilder>
        </div>
      ) : null}
    </Popup>
  )
}
