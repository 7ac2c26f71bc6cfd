import { queryOptions, useQuery } from '@tanstack/react-query'
import { carouselAdminListResponse } from '#shared/contract/content-admin'
import { postCall } from '#client/lib/http'

export const adminSlidesKey = ['content', 'slides'] as const

/** `POST Carousel/GetAdminList`: every slide, disabled ones too, in order. */
export async function getAdminSlides() {
  return (await postCall('Carousel/GetAdminList', carouselAdminListResponse, {})).data.result
}

export const adminSlidesQueryOptions = () =>
  queryOptions({ queryKey: adminSlidesKey, queryFn: getAdminSlides })

export const useAdminSlides = () => useQuery(adminSlidesQueryOptions())
