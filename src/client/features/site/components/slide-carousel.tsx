import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { Slide } from '#shared/contract/content'
import { usePick } from '#client/lib/locale-store'
import { internalLink } from './internal-link.ts'

const autoplayMs = 5000

/**
 * Home carousel: native scroll-snap swiping (no gesture library on the first load),
 * autoplay that pauses while touched, dots. The first image is the LCP element.
 */
export function SlideCarousel({ slides }: { slides: Slide[] }) {
  const pick = usePick()
  const track = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)
  const paused = useRef(false)

  useEffect(() => {
    const el = track.current
    if (!el || slides.length < 2) return
    const onScroll = () => setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)))
    el.addEventListener('scroll', onScroll, { passive: true })
    // no autoplay for visitors who asked for less motion (WCAG 2.2.2, 2.3.3)
    if (matchMedia('(prefers-reduced-motion: reduce)').matches)
      return () => el.removeEventListener('scroll', onScroll)
    const timer = window.setInterval(() => {
      if (paused.current || document.hidden) return
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % slides.length
      el.scrollTo({ left: next * el.clientWidth, behavior: next === 0 ? 'auto' : 'smooth' })
    }, autoplayMs)
    return () => {
      el.removeEventListener('scroll', onScroll)
      window.clearInterval(timer)
    }
  }, [slides.length])

  const go = (i: number) =>
    track.current?.scrollTo({ left: i * track.current.clientWidth, behavior: 'smooth' })
  const hold = () => {
    paused.current = true
  }
  const release = () => {
    paused.current = false
  }

  return (
    <section className="home-carousel" aria-roledescription="carousel">
      <div
        className="home-carousel-track"
        ref={track}
        onTouchStart={hold}
        onTouchEnd={release}
        onMouseEnter={hold}
        onMouseLeave={release}
        onFocus={hold}
        onBlur={release}
      >
        {slides.map((s, i) => (
          <Link
            key={s.Id}
            {...internalLink(s.Link)}
            className="home-slide"
            aria-label={pick(s.Title, s.TitleEn)}
          >
            <picture>
              <source media="(max-width: 700px)" srcSet={s.ImageSm} />
              <img
                src={s.Image}
                alt={pick(s.Title, s.TitleEn)}
                width={1200}
                height={560}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            </picture>
            <span className="home-slide-title">{pick(s.Title, s.TitleEn)}</span>
          </Link>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="home-carousel-dots">
          {slides.map((s, i) => (
            <button
              key={s.Id}
              type="button"
              aria-label={`${i + 1} / ${slides.length}`}
              aria-current={i === current}
              className={i === current ? 'active' : ''}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  )
}
