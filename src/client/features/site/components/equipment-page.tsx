import { Trans } from '@lingui/react/macro'
import { usePick, usePickedLang } from '#client/lib/locale-store'
import { useEquipment } from '../api/get-equipment.ts'
import { Gallery } from './gallery.tsx'
import './equipment-page.css'

/** `/equipment`: the plant's main equipment. */
export function EquipmentPage() {
  const { data: items } = useEquipment()
  const pick = usePick()
  const langOf = usePickedLang()
  return (
    <div className="page">
      <h1>
        <Trans>Equipment</Trans>
      </h1>
      <ul className="equipment-list">
        {items.map((e) => (
          <li key={e.Id} className="equipment-card">
            {e.Image ? (
              <img src={e.Image} alt="" width={800} height={600} loading="lazy" decoding="async" />
            ) : null}
            <div>
              <h2 lang={langOf(e.NameEn)}>{pick(e.Name, e.NameEn)}</h2>
              <p className="equipment-qty">
                <Trans>Units: {e.Quantity}</Trans>
              </p>
              <p lang={langOf(e.DescriptionEn)}>{pick(e.Description, e.DescriptionEn)}</p>
              <Gallery images={e.Gallery} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
