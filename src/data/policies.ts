/**
 * Service policies stated to readers (data handling). Pages quote them from here.
 */

/** Request logs (no text or audio) are kept this long for billing disputes, then deleted. */
export const requestLogRetentionDays = 30;
