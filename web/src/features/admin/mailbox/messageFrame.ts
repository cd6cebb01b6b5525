/**
 * What the opened message's frame may load: nothing from anywhere, bar embedded images and inline styles.
 * The server already removed scripts and remote images; this holds even if something slipped through.
 */
export const MESSAGE_CSP = "default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'";

/**
 * The document of the sandboxed frame (`sandbox=""`: no scripts, no forms, an origin of its own) that shows
 * a received message's sanitised HTML: the policy above, and links aimed at a new tab, never at the frame.
 * The message's own direction is kept (`dir="auto"`), whatever the admin's.
 */
export function messageDocument(html: string): string {
  return [
    '<!DOCTYPE html>',
    '<html dir="auto">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${MESSAGE_CSP}">`,
    '<base target="_blank">',
    '<style>body{margin:12px;font-family:system-ui,sans-serif;color:#1a1b1e;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>',
    '</head>',
    `<body>${html}</body>`,
    '</html>',
  ].join('\n');
}
