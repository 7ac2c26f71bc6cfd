import { useQuery } from '@tanstack/react-query'
import {
  defaultUploadTypes,
  imageUploadTypes,
  uploadSettingsResponse,
  type UploadType,
} from '#shared/contract/uploads'
import { getCall } from '#client/lib/http'

export const uploadSettingsKey = ['uploads', 'settings'] as const

/** `GET Upload/Settings`: the accepted upload types (SPEC §5 "accepted types come from a setting"). */
export const getUploadSettings = async () =>
  (await getCall('Upload/Settings', uploadSettingsResponse)).data

/**
 * The types a picker offers: every accepted type for files, the picture types among them for
 * photos. Until the setting has loaded (or offline), every type the server knows.
 */
export function useUploadTypes(accept: 'image' | 'file'): UploadType[] {
  const q = useQuery({
    queryKey: uploadSettingsKey,
    queryFn: getUploadSettings,
    staleTime: 5 * 60_000,
  })
  const types = q.data?.types ?? defaultUploadTypes
  return accept === 'image' ? types.filter((t) => imageUploadTypes.includes(t)) : types
}
