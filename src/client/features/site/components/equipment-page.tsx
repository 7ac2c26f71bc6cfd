import { Trans } from '@lingui/react/macro'
import { usePick } from '#client/lib/locale-store'
import { useEquipment } from '../api/get-equipment.ts'
import './equipment-page.css'

/** `/equipment`: the plant's main equipment. */
export function EquipmentPage() {
  const { data: items } = useEquipment()
  const pick = usePick()
  return (
    <div className="page">
      <h1><Trans>Equipment</Trans></h1>
      <ul className="equipment-list">
        {items.map((e) => (
          <li key={e.Id} className="equipment-card">
            <img src={e.Image} alt="" width={800} height={600} loading="lazy" decoding="async" />
            <div>
              <h2>{pick(e.Name, e.NameEn)}</h2>
              <p className="equipment-qty"><Trans>Units: {e.Quantity}</Trans></p>
              <p>{pick(e.Description, e.DescriptionEn)}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
