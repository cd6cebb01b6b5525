import type { EmbedBlock, EmbedProvider, SocialEmbedSettings } from './api';

// The server only makes embeds of ids of these shapes (server/src/blog/embeds.rs); anything else is
// shown as a plain link rather than put into a frame address.
const VALID_ID: Record<EmbedProvider, RegExp> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  instagram: /^(p|reel)\/[A-Za-z0-9_-]{1,40}$/,
  facebook: /^https:\/\/www\.facebook\.com\/[^?#\s]+$/,
  twitter: /^[0-9]{1,25}$/,
};

/** Whether posts show this provider's content in a frame (false while the settings are not loaded). */
export function embedEnabled(provider: EmbedProvider, settings: SocialEmbedSettings | undefined): boolean {
  return settings?.[provider].enabled ?? false;
}

/**
 * The address of the frame that shows `block`, built only from its provider and id (never from the
 * author's `url`), or null when the id is not one the provider's frame accepts.
 */
export function embedSource(block: Pick<EmbedBlock, 'provider' | 'id'>, settings: SocialEmbedSettings): string | null {
  const { provider, id } = block;
  if (!VALID_ID[provider].test(id)) return null;
  switch (provider) {
    case 'youtube': {
      const query = new URLSearchParams();
      if (!settings.youtube.showControls) query.set('controls', '0');
      if (settings.youtube.autoplay) {
        // Browsers only start a video by themselves when it is muted.
        query.set('autoplay', '1');
        query.set('mute', '1');
      }
      const search = query.toString();
      return `https://www.youtube-nocookie.com/embed/${id}${search ? `?${search}` : ''}`;
    }
    case 'instagram':
      return `https://www.instagram.com/${id}/embed/${settings.instagram.showCaptions ? 'captioned/' : ''}`;
    case 'facebook': {
      const kind = id.includes('/videos/') ? 'video' : 'post';
      return `https://www.facebook.com/plugins/${kind}.php?href=${encodeURIComponent(id)}&show_text=${settings.facebook.showText ? 'true' : 'false'}`;
    }
    case 'twitter':
      return `https://platform.twitter.com/embed/Tweet.html?id=${id}&theme=${settings.twitter.theme}`;
  }
}

/** The frame's box: a fixed width-to-height ratio (so nothing moves when it loads) and a width limit in px. */
export interface EmbedShape {
  aspectRatio: string;
  maxWidth?: number;
}

export function embedShape(block: Pick<EmbedBlock, 'provider' | 'id'>, settings: SocialEmbedSettings): EmbedShape {
  switch (block.provider) {
    case 'youtube':
      return { aspectRatio: '16 / 9' };
    case 'instagram':
      // A square-ish picture with the account's header and the post's footer (and caption) around it.
      return { aspectRatio: settings.instagram.showCaptions ? '4 / 6' : '4 / 5.4', maxWidth: settings.instagram.maxWidth };
    case 'facebook':
      return block.id.includes('/videos/') ? { aspectRatio: '16 / 9', maxWidth: 720 } : { aspectRatio: settings.facebook.showText ? '5 / 6' : '5 / 4', maxWidth: 500 };
    case 'twitter':
      return { aspectRatio: '1 / 1', maxWidth: 550 };
  }
}

/** The `allow` list of the frame: autoplay only for YouTube with autoplay on. */
export function embedAllow(provider: EmbedProvider, settings: SocialEmbedSettings): string {
  const features = ['encrypted-media', 'picture-in-picture', 'fullscreen'];
  if (provider === 'youtube' && settings.youtube.autoplay) features.push('autoplay');
  return features.join('; ');
}
