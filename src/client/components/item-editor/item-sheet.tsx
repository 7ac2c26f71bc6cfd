import { useLingui } from '@lingui/react/macro'
import { Dialog, Popup } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import type { ReactNode } from 'react'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { FormBuilder } from '#client/components/form/form-builder'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { ApiError, errorText } from '#client/lib/http'
import type { PostCommonBody } from '#shared/contract/post-common'
import { useEditorClash } from './editor-clash.tsx'
import { useLeaveGuard } from './leave-guard.ts'

type Props = {
  open: boolean
  title: string
  fields: FieldDef[]
  initial: FormValues
  /** the `RowVersion` `initial` was read at (a record read again updates the fields not edited) */
  version?: number
  onClose: () => void
  /** `version`: the `RowVersion` to save from (the form's, or the stored one for Keep mine) */
  onSubmit: (values: FormValues, changed: FormValues, version?: number) => Promise<void>
  /** removes the item (after a confirmation); absent for a new item */
  onRemove?: () => Promise<void>
  readOnly: boolean
  translate?: (text: string) => Promise<string>
  testId: string
  /** more controls under the form (e.g. "move this category's products") */
  children?: ReactNode
  /** Take theirs after a clash: the editor opens again on the stored values */
  onReload?: () => void
}

/**
 * The save and remove handlers of an item sheet over one PostCommon operation: a new item is
 * inserted, an edited one sends only its changed fields (nothing when unchanged), remove sends its
 * Id; both with the `RowVersion` the editor opened on (`base`), so a change someone else made
 * meanwhile is not overwritten (DESIGN §11).
 */
export function recordSaves(
  item: { Id: number } | undefined,
  save: (postData: PostCommonBody['postData']) => Promise<unknown>,
  record: (values: FormValues) => Record<string, unknown>,
  base?: number,
): Pick<Props, 'onSubmit' | 'onRemove'> {
  const versionOf = (v?: number) => {
    const from = v ?? base
    return from === undefined ? {} : { RowVersion: from }
  }
  return {
    onSubmit: async (values, changed, version) => {
      if (!item) await save({ insertRecords: [record(values)] })
      else if (Object.keys(changed).length > 0)
        await save({ updateRecords: [{ Id: item.Id, ...record(changed), ...versionOf(version) }] })
    },
    onRemove: item
      ? async () => void (await save({ removeRecords: [{ Id: item.Id, ...versionOf() }] }))
      : undefined,
  }
}

/** What to tell the user about a refused call: the server's reason for a field when it gave one. */
export function refusalText(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.fieldErrors) {
    const first = Object.values(e.fieldErrors).find(Boolean)
    if (first) return first
  }
  return errorText(e, fallback)
}

/** A full-height sheet with the form of one list item: title, close, save, cancel, remove ("warm tip" confirmation). */
export function ItemSheet({
  open,
  title,
  fields,
  initial,
  version,
  onClose,
  onSubmit,
  onRemove,
  readOnly,
  translate,
  testId,
  children,
  onReload,
}: Props) {
  const { t } = useLingui()
  const clash = useEditorClash()
  const confirmLeave = useLeaveGuard()
  const close = async () => {
    if (await confirmLeave()) onClose()
  }
  const box = useDialogFocus<HTMLDivElement>(open, () => void close())
  const remove = async () => {
    if (!onRemove) return
    const ok = await Dialog.confirm({
      title: t`Warm tip`,
      content: t`Remove this item?`,
      confirmText: t`OK`,
      cancelText: t`Cancel`,
    })
    if (!ok) return
    try {
      await onRemove()
      Toast.show({ icon: 'success', content: t`Removed`, duration: 3000 })
      onClose()
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: refusalText(e, t`The changes could not be saved`),
        duration: 3000,
      })
    }
  }
  return (
    <Popup
      visible={open}
      onMaskClick={() => void close()}
      position="right"
      bodyClassName="grid-form-popup"
      destroyOnClose
    >
      {open ? (
        <div
          className="item-sheet"
          role="dialog"
          aria-modal="true"
          aria-label={title}
          ref={box}
          tabIndex={-1}
        >
          <header className="item-sheet-head">
            <h2>{title}</h2>
            <button
              type="button"
              onClick={() => void close()}
              aria-label={t`Close`}
              data-testid={`${testId}-close`}
            >
              ×
            </button>
          </header>
          <FormBuilder
            testId={testId}
            fields={fields}
            initial={initial}
            version={version}
            readOnly={readOnly}
            translate={translate}
            onCancel={() => void close()}
            onSubmit={async (values, changed, from) => {
              await clash.watch(() => onSubmit(values, changed, from), { values, changed })
              onClose()
            }}
          >
            {clash.notice(
              fields,
              async (r) => {
                await onSubmit(r.values, r.changed, r.version)
                Toast.show({ icon: 'success', content: t`Saved`, duration: 3000 })
                onClose()
              },
              () => onReload?.(),
            )}
            {children}
            {onRemove && !readOnly ? (
              <button
                type="button"
                className="item-remove"
                onClick={() => void remove()}
                data-testid={`${testId}-remove`}
              >
                {t`Remove`}
              </button>
            ) : null}
          </FormBuilder>
        </div>
      ) : null}
    </Popup>
  )
}
