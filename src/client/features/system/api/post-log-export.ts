import { useMutation } from '@tanstack/react-query'
import type { LogFilter } from '#shared/contract/system-log'
import { postDownloadCall } from '#client/lib/download-call'

/** `POST Log/Export` with the current filter: the .xlsx the server answers is saved as a download. */
export const postLogExport = (filter: LogFilter): Promise<string> =>
  postDownloadCall('Log/Export', filter, 'log.xlsx')

export const useLogExport = () => useMutation({ mutationFn: postLogExport })
