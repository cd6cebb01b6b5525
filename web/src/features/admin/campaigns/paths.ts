/** The campaigns' pages in the admin: the list, a new campaign's form, and each campaign's page. */
export const CAMPAIGNS_PAGE = '/admin/email';
export const NEW_CAMPAIGN_PAGE = `${CAMPAIGNS_PAGE}/new`;
export const campaignPage = (id: string) => `${CAMPAIGNS_PAGE}/${encodeURIComponent(id)}`;
