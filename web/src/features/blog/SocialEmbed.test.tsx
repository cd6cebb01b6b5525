import { act, screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { localeText } from '../../test/locales';
import { renderWithProviders } from '../../test/render';
import type { EmbedBlock, SocialEmbedSettings } from './api';
import { EMBED_SANDBOX, SocialEmbed } from './SocialEmbed';

const settings: SocialEmbedSettings = {
  youtube: { enabled: true, autoplay: true, showControls: false },
  instagram: { enabled: false, showCaptions: true, maxWidth: 540 },
  facebook: { enabled: true, showText: true },
  twitter: { enabled: true, theme: 'dark' },
};

const video: EmbedBlock = { kind: 'embed', provider: 'youtube', id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ' };
const insta: EmbedBlock = { kind: 'embed', provider: 'instagram', id: 'p/C0deX_1', url: 'https://www.instagram.com/p/C0deX_1/' };

/** A stand-in IntersectionObserver whose `enter()` reports the observed elements as near the viewport. */
function mockIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; elements: Element[]; disconnected: boolean }[] = [];
  class FakeObserver {
    private readonly record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, elements: [], disconnected: false };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      this.record.disconnected = true;
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    enter() {
      void act(() => {
        for (const observer of observers.filter((candidate) => !candidate.disconnected)) {
          const entries = observer.elements.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
          observer.callback(entries, observer as unknown as IntersectionObserver);
        }
      });
    },
  };
}

describe('SocialEmbed', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows a plain link, and no frame, when the provider is turned off', () => {
    const io = mockIntersectionObserver();
    const { container } = renderWithProviders(<SocialEmbed block={insta} settings={settings} />);
    const link = screen.getByRole('link', { name: new RegExp(localeText('en', 'blog.embed.link.instagram')) });
    expect(link).toHaveAttribute('href', 'https://www.instagram.com/p/C0deX_1/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    io.enter();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('shows a plain link while the settings are not loaded', () => {
    const { container } = renderWithProviders(<SocialEmbed block={video} settings={undefined} />);
    expect(screen.getByRole('link', { name: new RegExp(localeText('en', 'blog.embed.link.youtube')) })).toHaveAttribute('href', 'https://youtu.be/dQw4w9WgXcQ');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('holds a placeholder with the link until the box comes near the viewport, then loads the frame', () => {
    const io = mockIntersectionObserver();
    const { container } = renderWithProviders(<SocialEmbed block={video} settings={settings} />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: new RegExp(localeText('en', 'blog.embed.link.youtube')) })).toHaveAttribute('href', video.url);
    expect(io.observers).toHaveLength(1);
    expect(io.observers[0]?.options?.rootMargin).toBe('200px');

    io.enter();
    const frame = screen.getByTitle(localeText('en', 'blog.embed.title.youtube'));
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?controls=0&autoplay=1&mute=1');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(frame).toHaveAttribute('sandbox', EMBED_SANDBOX);
    expect(frame).toHaveAttribute('allow', 'encrypted-media; picture-in-picture; fullscreen; autoplay');
    expect(io.observers[0]?.disconnected).toBe(true);
  });

  it('loads an X post with the theme from the settings, the address built from the id only', () => {
    const io = mockIntersectionObserver();
    const post: EmbedBlock = { kind: 'embed', provider: 'twitter', id: '1790000000000000000', url: 'https://x.com/balletuk/status/1790000000000000000' };
    const { container } = renderWithProviders(<SocialEmbed block={post} settings={settings} />);
    io.enter();
    expect(container.querySelector('iframe')).toHaveAttribute('src', 'https://platform.twitter.com/embed/Tweet.html?id=1790000000000000000&theme=dark');
    expect(container.querySelector('iframe')).not.toHaveAttribute('allow', expect.stringContaining('autoplay'));
  });

  it('loads at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = renderWithProviders(<SocialEmbed block={video} settings={settings} />);
    expect(container.querySelector('iframe')).toHaveAttribute('src', expect.stringContaining('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'));
  });
});
