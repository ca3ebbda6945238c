/**
 * Request logs (metadata only, no text or audio) are kept this long, then deleted (D19). A module
 * of its own: the billing rules name it, and must not bundle every policy with it.
 */
export const requestLogRetentionDays = 30;
