import { Anchor } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { EmbedBlock, SocialEmbedSettings } from './api';
import classes from './blog.module.css';
import { embedAllow, embedEnabled, embedShape, embedSource } from './embeds';

/** Frames may run the provider's scripts on its own origin and open its pages, nothing more. */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation';

/** How far below (or above) the viewport a frame starts loading. */
const LOAD_MARGIN = '200px';

/**
 * A YouTube video or Instagram, Facebook or X post in a post's body. A provider turned off in the
 * settings (or settings not loaded yet) gives a plain link; otherwise a box of the frame's size holds
 * the link until the box comes near the viewport, then the frame.
 */
export function SocialEmbed({ block, settings }: { block: EmbedBlock; settings: SocialEmbedSettings | undefined }) {
  const source = settings && embedEnabled(block.provider, settings) ? embedSource(block, settings) : null;
  if (!settings || source === null) {
    return (
      <p className={classes.embedLink}>
        <EmbedLink block={block} />
      </p>
    );
  }
  return <EmbedFrame block={block} settings={settings} source={source} />;
}

function EmbedLink({ block }: { block: EmbedBlock }) {
  const { t } = useTranslation();
  return (
    <Anchor href={block.url} target="_blank" rel="noopener noreferrer">
      {t(`blog.embed.link.${block.provider}`)} <IconExternalLink size={14} aria-label={t('search.opensInNewTab')} />
    </Anchor>
  );
}

function EmbedFrame({ block, settings, source }: { block: EmbedBlock; settings: SocialEmbedSettings; source: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver there is no telling when the box is near: load at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const { aspectRatio, maxWidth } = embedShape(block, settings);
  return (
    <div ref={box} className={classes.embed} style={{ aspectRatio, maxWidth }} data-provider={block.provider}>
      {near ? (
        <iframe
          src={source}
          title={t(`blog.embed.title.${block.provider}`)}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox={EMBED_SANDBOX}
          allow={embedAllow(block.provider, settings)}
          className={classes.embedFrame}
        />
      ) : (
        <div className={classes.embedPlaceholder}>
          <EmbedLink block={block} />
        </div>
      )}
    </div>
  );
}
