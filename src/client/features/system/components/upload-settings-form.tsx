import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import {
  uploadSettingsResponse,
  uploadTypeChoices,
  type UploadType,
} from '#shared/contract/uploads'
import { getUploadSettings, uploadSettingsKey } from '#client/components/upload/use-upload-types'
import { postCall, errorText } from '#client/lib/http'
import { idempotencyHeader, keyOfSubmit } from '#client/lib/idempotency-key'

/**
 * The upload types setting (SPEC §5 "accepted types come from a setting", admin): which file
 * types uploads accept, by content. Photo pickers offer its picture types, file pickers all.
 */
export function UploadSettingsForm() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const saved = useQuery({ queryKey: uploadSettingsKey, queryFn: getUploadSettings })
  const [chosen, setChosen] = useState<UploadType[] | null>(null)
  const types = chosen ?? saved.data?.types ?? []
  const save = useMutation({
    mutationFn: (next: UploadType[]) =>
      postCall(
        'Upload/Settings',
        uploadSettingsResponse,
        { types: next },
        idempotencyHeader(keyOfSubmit(next)),
      ),
    onSuccess: async (r) => {
      Toast.show({ icon: 'success', content: r.msg })
      setChosen(null)
      await queryClient.invalidateQueries({ queryKey: uploadSettingsKey })
    },
    onError: (e) => void Toast.show({ icon: 'fail', content: errorText(e, String(e)) }),
  })
  const toggle = (type: UploadType, on: boolean) =>
    setChosen(uploadTypeChoices.filter((c) => (c === type ? on : types.includes(c))))

  return (
    <form
      className="sys-upload-types"
      data-testid="upload-settings"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(types)
      }}
    >
      <fieldset disabled={saved.isPending || save.isPending}>
        <legend>{t`Accepted upload types (checked by content)`}</legend>
        {uploadTypeChoices.map((c) => (
          <label key={c}>
            <input
              type="checkbox"
              name="type"
              value={c}
              checked={types.includes(c)}
              onChange={(e) => toggle(c, e.target.checked)}
            />{' '}
            .{c}
          </label>
        ))}
        <button
          type="submit"
          className="is-primary"
          disabled={chosen === null || types.length === 0}
        >
          {t`Save upload types`}
        </button>
      </fieldset>
    </form>
  )
}
