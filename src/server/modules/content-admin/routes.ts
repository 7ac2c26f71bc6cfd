import type { FastifyInstance } from 'fastify'
import { registerOperation } from '../post-common/registry.ts'
import { carouselAdminListRoute } from './carousel-admin-list.ts'
import { contactAdminRoute } from './contact-admin.ts'
import { equipmentAdminListRoute } from './equipment-admin-list.ts'
import { contentKinds } from './kinds.ts'
import { newsAdminListRoute } from './news-admin-list.ts'
import { productAdminListRoute } from './product-admin-list.ts'
import { saveAbout } from './save-about.ts'
import { saveContact } from './save-contact.ts'
import { contentSaveOperation } from './save-operation.ts'

/** Built once, so a second app in one process registers the same definitions. */
const kindOperations = contentKinds.map(contentSaveOperation)

/**
 * Content management: PostCommon `SaveCarousel`, `SaveCategory`, `SaveProduct`,
 * `SaveNews`, `SaveEquipment`, `SaveContact`, `SaveAbout`, and the staff reads the public
 * ones do not cover. Everything needs the CONTENT ability.
 */
export async function contentAdminRoutes(app: FastifyInstance) {
  for (const op of kindOperations) registerOperation(op)
  registerOperation(saveContact)
  registerOperation(saveAbout)
  await app.register(productAdminListRoute)
  await app.register(carouselAdminListRoute)
  await app.register(newsAdminListRoute)
  await app.register(equipmentAdminListRoute)
  await app.register(contactAdminRoute)
}
