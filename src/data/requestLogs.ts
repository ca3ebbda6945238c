/**
 * Request logs (metadata only, no text or audio) are kept this long, then deleted (D19, D141):
 * longer than the dispute window of src/data/billing.ts (a month and 30 days), so that support
 * can check every charge a customer may still dispute. A module of its own so that the billing
 * rules, which every guide page loads, do not pull in the whole policies module.
 */
export const requestLogRetentionDays = 90;
