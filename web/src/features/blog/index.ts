// The blog's public entry: what the admin's editor and settings use.
export { blockSchema, socialEmbedSettingsSchema, type SocialEmbedSettings } from './api';
export { PostBody } from './PostBody';
export { useSocialEmbedSettings } from './queries';
