// The blog's public entry: what the admin's editor and settings use, and the key the admin's changes refresh.
export { blockSchema, socialEmbedSettingsSchema, type SocialEmbedSettings } from './api';
export { PostBody } from './PostBody';
export { BLOG_KEY, socialEmbedsQuery, useSocialEmbedSettings } from './queries';
