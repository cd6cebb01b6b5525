import { Typography } from '@mantine/core';

import type { Block, SocialEmbedSettings } from './api';
import classes from './blog.module.css';
import { SocialEmbed } from './SocialEmbed';

/**
 * A post's body, block by block: its HTML in the site's typography, and its social media embeds as
 * `settings` allows (plain links while they are not loaded). Also the admin editor's live preview.
 */
export function PostBody({ blocks, settings }: { blocks: Block[]; settings: SocialEmbedSettings | undefined }) {
  return (
    <div data-testid="post-body">
      {blocks.map((block, index) =>
        block.kind === 'html' ? (
          <Typography key={index} className={classes.body}>
            {/* Safe to insert as is: the server sanitises every HTML block (server/src/blog/render.rs,
                ammonia: no scripts, styles, event handlers, frames or javascript: links). */}
            <div dangerouslySetInnerHTML={{ __html: block.html }} />
          </Typography>
        ) : (
          <SocialEmbed key={index} block={block} settings={settings} />
        ),
      )}
    </div>
  );
}
