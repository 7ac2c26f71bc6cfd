import { useLingui } from '@lingui/react/macro'
import type { QueryKey } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { PostCommonBody } from '#shared/contract/post-common'
import { Toast } from '#client/components/feedback/toast'
import { useFocusFirstError } from '#client/components/form/focus-first-error'
import { sameValue, useLiveValues } from '#client/components/form/live-values'
import { shownValue, useEditorClash } from '#client/components/item-editor/editor-clash'
import { versionOf } from '#client/lib/row-version'
import { useSystemSave } from './api/post-system-save.ts'
import { errorLine, recordErrors } from './field-errors.ts'

type PostData = PostCommonBody['postData']
/** The call a submit sends, from the `RowVersion` it starts from (undefined: a new record). */
type Build = (version: number | undefined) => PostData
type Options<V> = {
  postUrl: string
  refresh: QueryKey[]
  /** the form's values of the record (or of a new one) */
  initial: V
  /** the record as its list reads it now (undefined: a new one) */
  record: object | undefined
  onDone: () => void
  /** Take theirs: the page reads the record again and opens the form anew */
  onReload?: () => void
}

/**
 * A system settings form over one record (user, role, department, menu entry), as the content
 * editors (DESIGN §11): the save sends the `RowVersion` the form stands on; a record read again
 * while the form is open shows its new values in the fields not edited (live-values.ts); a save
 * refused as a clash shows the clash notice in the form with Keep mine and Take theirs.
 */
export function useRecordForm<V extends Record<string, unknown>>(o: Options<V>) {
  const { t } = useLingui()
  const live = useLiveValues(o.initial, versionOf(o.record).RowVersion)
  const clash = useEditorClash<{ build: Build }>()
  const { save, isPending } = useSystemSave(o.postUrl, o.refresh)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { ref, focusErrors } = useFocusFirstError<HTMLFormElement>()
  const dirty = Object.keys(live.values).some((k) => !sameValue(live.values[k], live.base[k]))

  const done = (text: string) => {
    live.reset(live.values)
    Toast.show({ icon: 'success', content: text, duration: 3000 })
    o.onDone()
  }
  /** sends `build(version)`; a refusal shows under the fields, a clash also as the notice */
  const submit = async (build: Build, doneText = t`Saved`, failText?: string) => {
    try {
      await clash.watch(() => save(build(live.version)), { build })
      done(doneText)
    } catch (e) {
      setErrors(recordErrors(e))
      focusErrors()
      Toast.show({
        icon: 'fail',
        content: errorLine(e, failText ?? t`The changes could not be saved`),
        duration: 3000,
      })
    }
  }
  /**
   * the clash notice, when the last save was refused as one: `label` names a field, `value`
   * shows a value as the form does (a role's name for its code), undefined: as it is
   */
  const notice = (
    label: (field: string) => string,
    value: (field: string, v: unknown) => ReactNode | undefined = () => undefined,
  ) =>
    clash.notice(
      label,
      // Keep mine: the same changes from the version stored now, a new submit (a new key)
      async (r) => {
        await save(r.build(r.version))
        done(t`Saved`)
      },
      () => o.onReload?.(),
      (f, v) => value(f, v) ?? shownValue(v),
    )
  return {
    values: live.values,
    set: (patch: Partial<V>) => live.setValues((cur) => ({ ...cur, ...patch })),
    dirty,
    errors,
    formRef: ref,
    submit,
    notice,
    isPending,
  }
}
