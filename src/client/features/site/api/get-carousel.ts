import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { carouselResponse } from '#shared/contract/content'
import { getCall } from '#client/lib/http'

/** Enabled carousel slides in order. */
export async function getCarousel() {
  return (await getCall('Content/Carousel', carouselResponse)).data
}

export const carouselQueryOptions = () => queryOptions({ queryKey: ['site', 'carousel'], queryFn: getCarousel })

export const useCarousel = () => useSuspenseQuery(carouselQueryOptions())
