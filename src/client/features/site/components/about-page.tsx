import { usePick } from '#client/lib/locale-store'
import { useAbout } from '../api/get-about.ts'
import { Paragraphs } from './paragraphs.tsx'
import './page-text.css'
import './about-page.css'

/** `/aboutus`: the managed company profile. */
export function AboutPage() {
  const { data: about } = useAbout()
  const pick = usePick()
  const [hero, ...more] = about.Images
  return (
    <article className="page about">
      {hero && (
        <img
          className="about-hero"
          src={hero.url}
          alt=""
          width={1200}
          height={700}
          fetchPriority="high"
        />
      )}
      <h1>{pick(about.Title, about.TitleEn)}</h1>
      <Paragraphs text={pick(about.Body, about.BodyEn)} />
      {more.map((img) => (
        <img
          key={img.url}
          className="about-image"
          src={img.url}
          alt=""
          width={800}
          height={600}
          loading="lazy"
        />
      ))}
    </article>
  )
}
