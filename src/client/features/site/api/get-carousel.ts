import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getCall } from '#client/lib/http'

/** Enabled carousel slides in order. */
export async function getCarousel() {
  const { carouselResponse } = await siteSchemas()
  return (await getCall('Content/Carousel', carouselResponse)).data
}

export const carouselQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'carousel'], queryFn: getCarousel })

export const useCarousel = () => useSuspenseQuery(carouselQueryOptions())
