import { describe, expect, it } from 'vitest';

import type { EmbedBlock, SocialEmbedSettings } from './api';
import { embedAllow, embedEnabled, embedShape, embedSource } from './embeds';

const settings: SocialEmbedSettings = {
  youtube: { enabled: true, autoplay: false, showControls: true },
  instagram: { enabled: true, showCaptions: true, maxWidth: 540 },
  facebook: { enabled: true, showText: true },
  twitter: { enabled: true, theme: 'light' },
};

const block = (provider: EmbedBlock['provider'], id: string, url = 'https://evil.example/'): EmbedBlock => ({ kind: 'embed', provider, id, url });

describe('embedSource', () => {
  it('builds YouTube addresses on the no-cookie domain, with the settings in the query', () => {
    const video = block('youtube', 'dQw4w9WgXcQ');
    expect(embedSource(video, settings)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedSource(video, { ...settings, youtube: { enabled: true, autoplay: false, showControls: false } })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?controls=0',
    );
    expect(embedSource(video, { ...settings, youtube: { enabled: true, autoplay: true, showControls: true } })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1',
    );
    expect(embedSource(video, { ...settings, youtube: { enabled: true, autoplay: true, showControls: false } })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?controls=0&autoplay=1&mute=1',
    );
  });

  it('builds Instagram addresses, captioned when captions are on', () => {
    expect(embedSource(block('instagram', 'p/C0deX_1'), settings)).toBe('https://www.instagram.com/p/C0deX_1/embed/captioned/');
    expect(embedSource(block('instagram', 'reel/Abc-9'), { ...settings, instagram: { enabled: true, showCaptions: false, maxWidth: 400 } })).toBe(
      'https://www.instagram.com/reel/Abc-9/embed/',
    );
  });

  it('builds Facebook plugin addresses with the post address encoded, video or post by the address', () => {
    const post = 'https://www.facebook.com/nycballet/posts/pfbid02abc';
    expect(embedSource(block('facebook', post), settings)).toBe(
      'https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fnycballet%2Fposts%2Fpfbid02abc&show_text=true',
    );
    const video = 'https://www.facebook.com/nycballet/videos/12345';
    expect(embedSource(block('facebook', video), { ...settings, facebook: { enabled: true, showText: false } })).toBe(
      'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fnycballet%2Fvideos%2F12345&show_text=false',
    );
  });

  it('builds X addresses with the theme', () => {
    expect(embedSource(block('twitter', '1790000000000000000'), settings)).toBe('https://platform.twitter.com/embed/Tweet.html?id=1790000000000000000&theme=light');
    expect(embedSource(block('twitter', '42'), { ...settings, twitter: { enabled: true, theme: 'dark' } })).toBe(
      'https://platform.twitter.com/embed/Tweet.html?id=42&theme=dark',
    );
  });

  it('never uses the written address', () => {
    const source = embedSource(block('youtube', 'dQw4w9WgXcQ', 'https://evil.example/watch?v=dQw4w9WgXcQ'), settings);
    expect(source).not.toContain('evil');
  });

  it('refuses ids that could break out of the address', () => {
    expect(embedSource(block('youtube', 'dQw4w9WgXc"onload=x'), settings)).toBeNull();
    expect(embedSource(block('youtube', '../../evil'), settings)).toBeNull();
    expect(embedSource(block('instagram', 'p/abc/../../evil'), settings)).toBeNull();
    expect(embedSource(block('instagram', 'someone'), settings)).toBeNull();
    expect(embedSource(block('facebook', 'https://evil.example/posts/1'), settings)).toBeNull();
    expect(embedSource(block('facebook', 'https://www.facebook.com.evil.example/posts/1'), settings)).toBeNull();
    expect(embedSource(block('twitter', '12&theme=x'), settings)).toBeNull();
  });
});

describe('embedEnabled', () => {
  it('is false while the settings are not loaded, then follows them', () => {
    expect(embedEnabled('youtube', undefined)).toBe(false);
    expect(embedEnabled('youtube', settings)).toBe(true);
    expect(embedEnabled('twitter', { ...settings, twitter: { enabled: false, theme: 'light' } })).toBe(false);
  });
});

describe('embedShape and embedAllow', () => {
  it('gives YouTube 16:9 and Instagram the configured width', () => {
    expect(embedShape(block('youtube', 'dQw4w9WgXcQ'), settings)).toEqual({ aspectRatio: '16 / 9' });
    expect(embedShape(block('instagram', 'p/abc'), { ...settings, instagram: { enabled: true, showCaptions: true, maxWidth: 420 } }).maxWidth).toBe(420);
  });

  it('allows autoplay only for YouTube with autoplay on', () => {
    expect(embedAllow('youtube', settings)).toBe('encrypted-media; picture-in-picture; fullscreen');
    const autoplay = { ...settings, youtube: { enabled: true, autoplay: true, showControls: true } };
    expect(embedAllow('youtube', autoplay)).toBe('encrypted-media; picture-in-picture; fullscreen; autoplay');
    expect(embedAllow('twitter', autoplay)).not.toContain('autoplay');
  });
});
