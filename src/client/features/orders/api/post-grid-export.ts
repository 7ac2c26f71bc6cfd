import { useMutation } from '@tanstack/react-query'
import type { GridExportBody } from '#shared/contract/grid-excel'
import { postDownloadCall, type DownloadOptions } from '#client/lib/download-call'

/** `POST {kind}/Export` with the grid's current filter: the .xlsx answer is saved as a download. */
export const postGridExport = (
  kind: string,
  filter: GridExportBody,
  o?: DownloadOptions,
): Promise<string> => postDownloadCall(`${kind}/Export`, filter, `${kind}.xlsx`, o)

export const useGridExport = (kind: string) =>
  useMutation({
    mutationFn: ({ filter, ...o }: { filter: GridExportBody } & DownloadOptions) =>
      postGridExport(kind, filter, o),
  })
